import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicEndpoints as api } from '../../shared/api/public.ts';
import { projectRoot } from '../project-root.ts';
import { serveEndpoint } from './serve-endpoint.ts';

/**
 * The running release: package.json's `version` (semver; what changed is in CHANGELOG.md), read
 * once at start. The app's version only: nothing about the runtime or the machine.
 */
export const appVersion: string = (
  JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }
).version;

/** `GET /api/version`: which release answers (for an upgrade check or a PaaS dashboard). */
export async function versionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({ ...serveEndpoint(r, api.getVersion), handler: async () => ({ version: appVersion }) });
}
