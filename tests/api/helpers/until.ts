/**
 * Polls `what` every `everyMs` (200 unless said) until `ok` accepts its value, and returns that
 * value; throws with the last value seen once `ms` have passed. For conditions another process
 * brings about (an IMAP import, a mail server, a process starting), where there is no event to await.
 */
export async function until<T>(
  what: () => Promise<T>,
  ok: (v: T) => boolean,
  ms = 20_000,
  everyMs = 200,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
