import { z } from 'zod';

/**
 * The instants a date-time field may hold: years 1 to 9999 in UTC. PostgreSQL refuses year 0, and
 * JavaScript writes years past 9999 as `+010000-…`, which PostgreSQL cannot read; either would
 * fail the query as a 500 instead of a 400.
 */
const EARLIEST = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/** True when `ms` (epoch milliseconds) lies in years 1 to 9999 UTC. */
export const isStorableTime = (ms: number) => ms >= EARLIEST && ms <= LATEST;

/** An ISO 8601 date and time with an offset (`Z` or `±hh:mm`), in years 1 to 9999 once in UTC. */
export const isoDateTime = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} must be an ISO 8601 date and time.` })
    .refine((v) => isStorableTime(Date.parse(v)), `${label} must be between the years 1 and 9999.`);
