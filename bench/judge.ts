/** The verdict of a bench row whose bench gives none (bench/run.ts). */

/**
 * Whether `figure` meets `target` when both start with a number in the same unit ('13.9 s (…)'
 * against '≤ 30 s at 1M', '66k rows/s' against '≥ 50k rows/s'); undefined when the target is no
 * pass mark ('(once per search)') or the two cannot be compared.
 */
export function judge(figure: string, target: string): boolean | undefined {
  const quantity = /^([0-9][0-9,.]*)(k?)\s*(ms|s|MB|KB|rows\/s|msg\/s)(?![\w/])/;
  const mark = /^([≤≥])\s*(.*)$/.exec(target);
  const want = mark ? quantity.exec(mark[2]!) : null;
  const got = quantity.exec(figure);
  if (!mark || !want || !got || want[3] !== got[3]) return undefined;
  const value = (m: RegExpExecArray) => Number(m[1]!.replaceAll(',', '')) * (m[2] ? 1000 : 1);
  return mark[1] === '≤' ? value(got) <= value(want) : value(got) >= value(want);
}
