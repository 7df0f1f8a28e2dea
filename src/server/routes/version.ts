import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { migrationsFolder } from '../../db/client.ts';
import { publicEndpoints as api } from '../../shared/api/public.ts';
import type { VersionInfo } from '../../shared/version.ts';
import { projectRoot } from '../project-root.ts';
import { serveEndpoint } from './serve-endpoint.ts';

/**
 * The running release: package.json's `version` (semver; what changed is in CHANGELOG.md), read
 * once at start. The app's version only: nothing about the runtime or the machine.
 */
export const appVersion: string = (
  JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }
).version;

/**
 * The release and its schema level, from drizzle-kit's journal of the migrations this build
 * ships (and applies at start): the last entry's `idx` and `tag`. `version` carries the level as
 * semver build metadata, so a new migration changes it (decision 061).
 */
export function readVersionInfo(folder = migrationsFolder, release = appVersion): VersionInfo {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const last = journal.entries.reduce((a, b) => (b.idx > a.idx ? b : a));
  return {
    version: `${release}+m${String(last.idx).padStart(4, '0')}`,
    release,
    schema: last.idx,
    migration: last.tag,
  };
}

/** `GET /api/version`: which release answers (for an upgrade check or a PaaS dashboard). */
export async function versionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const info = readVersionInfo();
  r.route({ ...serveEndpoint(r, api.getVersion), handler: async () => info });
}
