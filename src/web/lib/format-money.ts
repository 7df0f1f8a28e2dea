/**
 * Money in the `CURRENCY` setting (ISO 4217; decision 063): stored as integer minor units, shown
 * with `Intl.NumberFormat`, typed by the owner in major units ('1250.50').
 */

/** How many minor units make one major unit of `currency` (100 for EUR, 1 for JPY). */
export function minorPerMajor(currency: string): number {
  const digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits;
  return 10 ** (digits ?? 2);
}

/** `minor` units of `currency` as the reader's locale writes money, e.g. '€1,250.00'. */
export function formatMoney(minor: number, currency: string): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(
    minor / minorPerMajor(currency),
  );
}

/**
 * An amount typed in major units ('1250', '1,250.5', '1250,50') as minor units; null for blank,
 * undefined when it is not an amount (negative, more decimals than the currency has, not a number).
 */
export function parseMoney(text: string, currency: string): number | null | undefined {
  const trimmed = text.trim().replace(/[\s\u00a0']/g, '');
  if (!trimmed) return null;
  // One decimal separator: the last '.' or ',' followed by 1–3 digits at the end; others group.
  const match = /^(\d{1,3}(?:[.,]?\d{3})*|\d+)(?:[.,](\d{1,3}))?$/.exec(trimmed);
  if (!match) return undefined;
  const whole = match[1]!.replace(/[.,]/g, '');
  const fraction = match[2] ?? '';
  const per = minorPerMajor(currency);
  const digits = Math.round(Math.log10(per));
  if (fraction.length > digits) return undefined;
  const minor = Number(whole) * per + Number(fraction.padEnd(digits, '0') || 0);
  return Number.isSafeInteger(minor) ? minor : undefined;
}
