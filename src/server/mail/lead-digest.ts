import escapeHtml from 'escape-html';

/**
 * How lead notifications are collapsed under a flood (a scripted flood of the public
 * form must not spend the shared daily cap). Calm: each lead gets its own notification. Once more
 * than {@link HANDFUL} leads are waiting, or {@link HANDFUL} notifications already went out in the
 * last 10 minutes, waiting leads go out together in one digest, and digests are spaced: the gap
 * after the last one is 15 s × 2^(n−1) for the n digests of the past hour, at most 30 minutes
 * (15 s, 30 s, 1 min, 2 min, … 30 min). The first leads of a burst are told at once; a long flood
 * costs a few digests an hour. An hour without a digest returns to calm.
 *
 * Bounds: at most 5 notifications + 6 digests in any 10 minutes (5,000 leads in 10 minutes use
 * ≤ 11 of the cap; the issue allows 50), and at most 8 digests in any hour of a flood that never ends (≤ 192 a day).
 */
export const HANDFUL = 5;
export const INDIVIDUAL_WINDOW_MS = 10 * 60 * 1000;
export const DIGEST_WINDOW_MS = 60 * 60 * 1000;
const FIRST_GAP_MS = 15_000;
const MAX_GAP_MS = 30 * 60 * 1000;
/** Leads listed in one digest at most (about 1 MB of MIME: ~210 bytes a lead, measured); the rest wait for the next one. */
export const DIGEST_MAX_LEADS = 5000;

export interface LeadMailHistory {
  /** Lead notifications due now (counting stops a little past {@link HANDFUL}). */
  waiting: number;
  /** Notifications sent on their own (or being sent) in the last {@link INDIVIDUAL_WINDOW_MS}. */
  individualRecent: number;
  /** Creation times of the digests of the last {@link DIGEST_WINDOW_MS}, newest first. */
  recentDigests: Date[];
}

export type LeadMailDecision = 'none' | 'individual' | 'digest' | 'wait';

/** What to do with the waiting lead notifications at `now` (see the module comment). */
export function decideLeadMail(history: LeadMailHistory, now: Date): LeadMailDecision {
  if (history.waiting === 0) return 'none';
  const flooding = history.recentDigests.length > 0 || history.waiting + history.individualRecent > HANDFUL;
  if (!flooding) return 'individual';
  const [last] = history.recentDigests;
  if (!last) return 'digest';
  return now.getTime() - last.getTime() >= digestGap(history.recentDigests.length) ? 'digest' : 'wait';
}

/** The least time between the last of `digests` recent digests and the next one (ms). */
function digestGap(digests: number): number {
  return Math.min(FIRST_GAP_MS * 2 ** (digests - 1), MAX_GAP_MS);
}

/**
 * The earliest moment a 'wait' from {@link decideLeadMail} for `history` can change. New leads
 * cannot end it earlier; only time can: the gap after the newest digest runs out, or the oldest
 * digest leaves the hour's window (fewer digests make a shorter gap). Until then a queue worker
 * can skip the lead part of its passes (a flood's passes were seven queries
 * each). `history.recentDigests` must not be empty (a 'wait' implies one).
 */
export function leadWaitEnds(history: Pick<LeadMailHistory, 'recentDigests'>): Date {
  const newest = history.recentDigests[0]!.getTime();
  const oldest = history.recentDigests.at(-1)!.getTime();
  return new Date(Math.min(newest + digestGap(history.recentDigests.length), oldest + DIGEST_WINDOW_MS));
}

/**
 * The digest listing `entries` (each lead's entry from `leadNotification`, oldest first): subject
 * "<n> new leads on the <site> website", each lead with its admin link, readable as text too, and
 * `held`: how many submissions are held as spam for review.
 */
export function leadDigest(options: {
  siteName: string;
  entries: { html: string; text: string }[];
  /** The line on the submissions held as spam (decision 057), when any are. */
  held?: { html: string; text: string } | null;
}): {
  subject: string;
  html: string;
  text: string;
} {
  const n = options.entries.length;
  const subject = `${n.toLocaleString('en-US')} new ${n === 1 ? 'lead' : 'leads'} on the ${options.siteName} website`;
  // Two short lines: the plain-text part is read as is, without rewrapping.
  const intro = [
    'Leads are arriving quickly, so they are listed together here instead of one email each.',
    'Every one is saved in the admin.',
  ];
  return {
    subject,
    html: [
      `<h2>${escapeHtml(subject)}</h2>`,
      `<p>${intro.join(' ')}</p>`,
      '<ol>',
      ...options.entries.map((e) => e.html),
      '</ol>',
      ...(options.held ? [options.held.html] : []),
    ].join('\n'),
    text: [
      subject,
      '',
      ...intro,
      '',
      options.entries.map((e) => e.text).join('\n\n'),
      ...(options.held ? ['', options.held.text] : []),
    ].join('\n'),
  };
}
