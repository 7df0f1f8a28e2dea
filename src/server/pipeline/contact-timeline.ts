import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  contactMessages,
  contactStageChanges,
  contactTags,
  contactTasks,
  tags,
} from '../../db/schema/index.ts';
import { TIMELINE_MAX, type Timeline, type TimelineItem } from '../../shared/pipeline.ts';
import { findContact } from '../contacts/find-contact.ts';

/**
 * A contact's timeline (docs/product.md 'Timeline', decision 063), newest first: how it came in,
 * emails both ways and later form messages, stage changes with lost reasons, the last notes edit,
 * tasks created and completed, tags added. Each source is read newest first through its index,
 * at most {@link TIMELINE_MAX} rows, so a contact with thousands of campaign emails costs the same.
 * @throws DomainError `not-found` 'Contact not found'.
 */
export async function contactTimeline(db: Db, contactId: number): Promise<Timeline> {
  const contact = await findContact(db, contactId);
  const [messages, stages, tasks, tagRows] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.contactId, contactId))
      .orderBy(desc(contactMessages.sentAt), desc(contactMessages.id))
      .limit(TIMELINE_MAX + 1),
    db
      .select()
      .from(contactStageChanges)
      .where(eq(contactStageChanges.contactId, contactId))
      .orderBy(desc(contactStageChanges.changedAt), desc(contactStageChanges.id))
      .limit(TIMELINE_MAX + 1),
    db
      .select()
      .from(contactTasks)
      .where(eq(contactTasks.contactId, contactId))
      .orderBy(desc(contactTasks.createdAt), desc(contactTasks.id))
      .limit(TIMELINE_MAX + 1),
    db
      .select({ tagId: tags.id, tagName: tags.name, at: contactTags.createdAt })
      .from(contactTags)
      .innerJoin(tags, eq(tags.id, contactTags.tagId))
      .where(eq(contactTags.contactId, contactId))
      .orderBy(desc(contactTags.createdAt))
      .limit(TIMELINE_MAX + 1),
  ]);
  const items: TimelineItem[] = [
    {
      kind: 'created',
      at: (contact.origin === 'import'
        ? (contact.importedAt ?? contact.createdAt)
        : contact.createdAt
      ).toISOString(),
      origin: contact.origin,
      importFileName: contact.importFileName,
    },
  ];
  if (contact.notesChangedAt) items.push({ kind: 'notes', at: contact.notesChangedAt.toISOString() });
  for (const m of messages)
    items.push({
      kind: 'message',
      at: m.sentAt.toISOString(),
      messageId: m.id,
      sender: m.sender,
      subject: m.subject,
      campaignName: m.campaignName,
      autoReply: m.autoReply,
    });
  for (const s of stages)
    items.push({
      kind: 'stage',
      at: s.changedAt.toISOString(),
      from: s.fromStatus,
      to: s.toStatus,
      lostReason: s.lostReason,
      lostReasonText: s.lostReasonText,
    });
  for (const t of tasks) {
    items.push({ kind: 'task-created', at: t.createdAt.toISOString(), taskId: t.id, title: t.title });
    if (t.completedAt)
      items.push({ kind: 'task-completed', at: t.completedAt.toISOString(), taskId: t.id, title: t.title });
  }
  for (const t of tagRows)
    items.push({ kind: 'tag', at: t.at.toISOString(), tagId: t.tagId, tagName: t.tagName });
  // Newest first; at the same instant the later step of a story first (a stage change after the
  // email that caused it, anything after the contact's creation).
  items.sort((a, b) => b.at.localeCompare(a.at) || KIND_ORDER[b.kind] - KIND_ORDER[a.kind]);
  const more =
    items.length > TIMELINE_MAX ||
    [messages, stages, tasks, tagRows].some((rows) => rows.length > TIMELINE_MAX);
  return { items: items.slice(0, TIMELINE_MAX), more };
}

const KIND_ORDER: Record<TimelineItem['kind'], number> = {
  created: 0,
  message: 1,
  tag: 2,
  'task-created': 3,
  notes: 4,
  'task-completed': 5,
  stage: 6,
};
