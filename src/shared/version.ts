import { z } from 'zod';

/**
 * GET /api/version: the release this server runs and the database schema it brings. `version` is
 * package.json's `version` (semver; CHANGELOG.md) with the schema's migration level as semver
 * build metadata (`1.0.0+m0028`), so a build that adds a migration answers a different version
 * even before package.json is bumped (decision 061).
 */
export const versionSchema = z
  .object({
    version: z
      .string()
      .describe('The running release with its migration level as build metadata, e.g. `1.0.0+m0028`.'),
    release: z.string().describe("package.json's semantic version, e.g. `1.0.0`."),
    schema: z.number().int().describe('Number of the last database migration this release applies, e.g. 19.'),
    migration: z.string().describe('Name of that migration, e.g. `0019_contact_search`.'),
  })
  .meta({ id: 'Version' });
export type VersionInfo = z.infer<typeof versionSchema>;
