import { index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, tsz } from './common.ts';

/**
 * Admin sessions (decision 009): only the SHA-256 of the random cookie token is stored,
 * so a leaked table cannot be replayed as cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userAgent: text('user_agent'),
    /** The client address at sign-in (as Fastify resolves it, TRUST_PROXY aware), for the sessions list. */
    ip: text('ip'),
    createdAt: createdAt(),
    lastSeenAt: tsz('last_seen_at').notNull().defaultNow(),
    /** Absolute expiry; idle expiry is `lastSeenAt` + the idle timeout. */
    expiresAt: tsz('expires_at').notNull(),
    /** Last proof of a second factor, or use of the vault since (decision 024: the vault asks again after 15 minutes idle). */
    factorSeenAt: tsz('factor_seen_at'),
    /**
     * Last time this session re-entered the password plus a second factor (step-up; signing in
     * does not count): a change of sign-in factors needs one in the last 5 minutes (decision 036).
     */
    steppedUpAt: tsz('stepped_up_at'),
  },
  (t) => [index('sessions_expires_at_idx').on(t.expiresAt)],
);
