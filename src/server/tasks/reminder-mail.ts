import { TZDate } from '@date-fns/tz';
// One module per function: the package index loads all ~300 of date-fns' modules, which took 6.6 s
// and 580 MB of a 10 s server start on this machine (bench/results.md 'later start').
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { setHours } from 'date-fns/setHours';
import { startOfDay } from 'date-fns/startOfDay';
import escapeHtml from 'escape-html';
import type { QueuedMail } from '../mail/mail-queue.ts';

/**
 * The calendar maths and the text of the morning task reminder (decision 025). Days and hours are
 * counted in the configured IANA zone by @date-fns/tz (DST included), never by hand-written offsets.
 */

/** Where `now` falls in `timeZone`: the local day (`YYYY-MM-DD`), the local hour, and when that day ends. */
export function localDay(now: Date, timeZone: string): { date: string; hour: number; end: Date } {
  const local = new TZDate(now.getTime(), timeZone);
  return {
    date: format(local, 'yyyy-MM-dd'),
    hour: local.getHours(),
    end: new Date(startOfDay(addDays(local, 1)).getTime()),
  };
}

/**
 * The next instant, strictly after `now`, at `hour` o'clock in `timeZone` (on a day whose hour is
 * skipped by a DST change, the first instant after the gap). For the start-up log line.
 */
export function nextReminderAt(now: Date, timeZone: string, hour: number): Date {
  const today = startOfDay(new TZDate(now.getTime(), timeZone));
  const at = setHours(today, hour);
  return new Date((at.getTime() > now.getTime() ? at : setHours(addDays(today, 1), hour)).getTime());
}

/** One task in the reminder: a contact task or a client task, with whom it concerns. */
export interface ReminderItem {
  kind: 'contact' | 'client';
  /** The contact's or the client's id (the link's target). */
  ownerId: number;
  ownerName: string;
  title: string;
  dueAt: Date;
}

/** Characters of a title shown in the email; a longer one (only possible by writing the database) is cut. */
const TITLE_MAX = 500;

/**
 * Collapses line breaks, tabs and other control characters so one field stays on one line, and
 * drops bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): an unclosed
 * override would reverse the due date and the link that follow it in the plain-text part.
 */
function oneLine(value: string, max = TITLE_MAX): string {
  const flat = value
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/[\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * The reminder email (kind `task_reminder`) for `localDate` in `timeZone`: overdue tasks first, then
 * those due today, each with its due date, whom it concerns and a link into the admin built from
 * `publicUrl` (contact: its detail page; client: the Clients screen at the client's card). Every
 * stored value is HTML-escaped in the HTML part and wrapped in `<bdi>` so right-to-left titles
 * cannot reorder the text around them; in the plain-text part each title and its link sit on
 * lines of their own. `more` tasks beyond the listed ones are counted at the end.
 */
export function taskReminderMail(options: {
  to: string;
  siteName: string;
  publicUrl: string;
  timeZone: string;
  localDate: string;
  now: Date;
  items: ReminderItem[];
  more: number;
}): QueuedMail {
  const { now, timeZone } = options;
  const overdue = options.items.filter((i) => i.dueAt.getTime() < now.getTime());
  const today = options.items.filter((i) => i.dueAt.getTime() >= now.getTime());
  const dayLabel = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    // `localDate` is already the day in `timeZone`: read it back as the same calendar day.
    timeZone: 'UTC',
  }).format(new Date(`${options.localDate}T12:00:00Z`));
  const dueFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone });
  const counts = [
    overdue.length ? `${overdue.length.toLocaleString('en-US')} overdue` : '',
    today.length ? `${today.length.toLocaleString('en-US')} due today` : '',
  ].filter(Boolean);
  const subject = `Follow-ups for ${dayLabel}: ${counts.join(', ')}${options.more ? ' and more' : ''}`;
  const link = (i: ReminderItem) =>
    i.kind === 'contact'
      ? `${options.publicUrl}/admin/contacts/${i.ownerId}`
      : `${options.publicUrl}/admin/clients#client-${i.ownerId}`;
  const who = (i: ReminderItem) =>
    `${i.kind === 'contact' ? 'Contact' : 'Client'}: ${oneLine(i.ownerName, 200)}`;
  const wrap = 'overflow-wrap:anywhere;word-break:break-word';

  const htmlSection = (heading: string, items: ReminderItem[], late: boolean) =>
    items.length === 0
      ? []
      : [
          `<h3${late ? ' style="color:#b91c1c"' : ''}>${heading}</h3>`,
          '<ul style="padding-left:20px">',
          ...items.map(
            (i) =>
              `<li style="margin-bottom:10px;${wrap}"><a href="${escapeHtml(link(i))}"><strong><bdi>${escapeHtml(oneLine(i.title))}</bdi></strong></a>` +
              `<br><span style="color:${late ? '#b91c1c' : '#475569'}">${late ? 'Overdue · ' : ''}Due ${escapeHtml(dueFormat.format(i.dueAt))}` +
              ` · <bdi>${escapeHtml(who(i))}</bdi></span></li>`,
          ),
          '</ul>',
        ];
  const textSection = (heading: string, items: ReminderItem[], late: boolean) =>
    items.length === 0
      ? []
      : [
          heading,
          '',
          ...items.map(
            (i) =>
              `- ${oneLine(i.title)}\n  ${late ? 'Overdue, due' : 'Due'} ${dueFormat.format(i.dueAt)} · ${who(i)}\n  ${link(i)}\n`,
          ),
        ];
  const moreLine = options.more
    ? `…and ${options.more.toLocaleString('en-US')} more due: see the admin.`
    : undefined;
  const footer = `This reminder is sent each morning when follow-ups are due (REMINDER_HOUR; REMINDER_HOUR=off turns it off).`;

  return {
    kind: 'task_reminder',
    toAddress: options.to,
    subject,
    html: [
      `<h2>${escapeHtml(`Follow-ups due on the ${options.siteName} admin`)}</h2>`,
      ...htmlSection('Overdue', overdue, true),
      ...htmlSection('Due today', today, false),
      moreLine ? `<p>${escapeHtml(moreLine)}</p>` : '',
      `<p><a href="${escapeHtml(`${options.publicUrl}/admin`)}">Open the dashboard</a></p>`,
      `<p style="color:#64748b">${escapeHtml(footer)}</p>`,
    ]
      .filter(Boolean)
      .join('\n'),
    text: [
      `Follow-ups due on the ${options.siteName} admin, ${dayLabel}`,
      '',
      ...textSection('Overdue', overdue, true),
      ...textSection('Due today', today, false),
      ...(moreLine ? [moreLine, ''] : []),
      'Open the dashboard:',
      `${options.publicUrl}/admin`,
      '',
      footer,
    ].join('\n'),
  };
}
