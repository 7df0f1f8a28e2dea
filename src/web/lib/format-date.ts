const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** An ISO 8601 instant as a local date and time, e.g. "Mar 3, 2026, 2:15 PM". */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** An ISO 8601 instant as a local date, e.g. "Mar 3, 2026". */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/**
 * The instant that ends the local day named by an `<input type="date">` value (`YYYY-MM-DD`), as
 * ISO 8601: a task due "today" is not overdue until the day is over.
 * @returns `null` for an empty or malformed value.
 */
export function endOfLocalDayIso(date: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const end = new Date(year, month - 1, day, 23, 59, 59, 999);
  return Number.isNaN(end.getTime()) ? null : end.toISOString();
}

const utcDayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A calendar day `YYYY-MM-DD` (as the server counts days, in UTC) as "Mar 3". */
export function formatUtcDay(date: string): string {
  return utcDayFormat.format(new Date(`${date}T00:00:00Z`));
}

/** The local calendar day of an instant as `YYYY-MM-DD` (what a date field shows), the inverse of {@link endOfLocalDayIso}. */
export function localDayOf(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
