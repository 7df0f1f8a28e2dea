/** The whole database schema, one file per domain (STYLE.md 'db/schema/<domain>.ts'). */
export * from './analytics.ts';
export * from './auth.ts';
export * from './campaigns.ts';
export * from './clients.ts';
export * from './contacts.ts';
export * from './integrations.ts';
export * from './mail.ts';
export * from './pipeline.ts';
export * from './push.ts';
export * from './rate-limits.ts';
export * from './reminders.ts';
export * from './second-factor.ts';
export * from './settings.ts';
export * from './site.ts';
export * from './site-media.ts';
export * from './vault.ts';
