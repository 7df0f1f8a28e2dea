const rules = new Intl.PluralRules('en-US');
const numbers = new Intl.NumberFormat('en-US');

/**
 * `count` with the noun in the form English asks for it (CLDR plural rules through
 * `Intl.PluralRules`): `countLabel(1, 'unique visitor', 'unique visitors')` is
 * '1 unique visitor', `countLabel(1200, …)` '1,200 unique visitors'.
 */
export function countLabel(count: number, one: string, other: string): string {
  return `${numbers.format(count)} ${rules.select(count) === 'one' ? one : other}`;
}
