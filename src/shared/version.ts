import { z } from 'zod';

/** GET /api/version: the release this server runs (package.json `version`, semver; CHANGELOG.md). */
export const versionSchema = z.object({
  version: z.string().describe('Semantic version of the running release, e.g. `1.0.0`.'),
});
export type VersionInfo = z.infer<typeof versionSchema>;
