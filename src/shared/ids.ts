import { z } from 'zod';

/**
 * Largest row id: ids are PostgreSQL `integer` (serial) columns, which end at 2^31 − 1. A larger
 * number names no row and would make the database refuse the query, so schemas refuse it first
 * with a 400 (issue #10 §6).
 */
export const MAX_ID = 2_147_483_647;

/**
 * A row id in a JSON body: an integer from 1 to `MAX_ID`; `label` names it in the messages,
 * `missing` is the message for an absent or non-number value.
 */
export const bodyId = (label: string, missing = `${label} must be a number.`) =>
  z
    .number({ error: missing })
    .int(`${label} must be a whole number.`)
    .positive(`${label} must be a positive integer.`)
    .max(MAX_ID, `${label} must be at most ${MAX_ID}.`);
