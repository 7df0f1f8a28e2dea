import { BellOff, Download, MailWarning, SearchX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Badge } from '@/web/components/ui/badge';
import { buttonVariants } from '@/web/components/ui/button';
import { urlOf } from '@/web/lib/api-client';
import { AdminPage } from '../components/admin-page';
import { InlineError, InlineLoading } from '../components/query-state';
import { useContact } from '../features/contacts/api/get-contact';
import { ContactDangerZoneCard } from '../features/contacts/components/contact-danger-zone-card';
import { ContactInfoCard } from '../features/contacts/components/contact-info-card';
import { ContactStatusBadge } from '../features/contacts/components/contact-status-badge';
import { ConversationCard } from '../features/contacts/components/conversation-card';
import { ConvertToClientButton } from '../features/contacts/components/convert-to-client-button';
import { DuplicateContactsCard } from '../features/contacts/components/duplicate-contacts-card';
import { LeadSourceCard } from '../features/contacts/components/lead-source-card';
import { NotesCard } from '../features/contacts/components/notes-card';
import { OriginalMessageCard } from '../features/contacts/components/original-message-card';
import { PossibleSpamBadge, PossibleSpamNotice } from '../features/contacts/components/possible-spam';
import { DealCard } from '../features/pipeline/components/deal-card';
import { TimelineCard } from '../features/pipeline/components/timeline-card';
import { ContactTagsCard } from '../features/tags/components/contact-tags-card';
import { ContactTasksCard } from '../features/tasks/components/contact-tasks-card';

/** Reads a route parameter as a positive integer id, or `null`. */
function parseId(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * /admin/contacts/{id} (docs/product.md §6.2): navigation back to contacts, Dashboard, Logout; the cards
 * Contact Information, Deal, Original Message, Tags, Notes, Follow-up Tasks, Conversation History
 * and Timeline (decision 063);
 * 'Same Email Address' with the merge when older duplicates exist (decision 019); 'Export data'
 * (everything held about the person, one JSON file) and the 'Danger Zone' with 'Delete contact'
 * (erasure, docs/personal-data.md); 'Contact not found' when there is no such contact.
 */
export function ContactDetailRoute() {
  const id = parseId(useParams().id);
  return (
    <AdminPage links={['backToContacts', 'dashboard']}>
      {id === null ? <ContactNotFound /> : <ContactDetail id={id} />}
    </AdminPage>
  );
}

function ContactDetail({ id }: { id: number }) {
  const detail = useContact(id);
  if (detail.isPending) return <InlineLoading className="py-16" />;
  // Spec §8: a failed read's message starts with its status code.
  if (detail.isError) {
    if (detail.error.message.startsWith('404:')) return <ContactNotFound />;
    return <InlineError error={detail.error} fallback="Failed to load the contact." className="py-16" />;
  }
  const { contact, tags, tasks, currency } = detail.data;
  return (
    <>
      <title>{`${contact.name} · Admin`}</title>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 wrap-anywhere text-3xl font-bold tracking-tight" dir="auto">
          {contact.name}
        </h1>
        <ContactStatusBadge status={contact.status} />
        <PossibleSpamBadge contact={contact} />
        {contact.unsubscribed ? (
          <Badge variant="grey">
            <BellOff aria-hidden="true" />
            Unsubscribed
          </Badge>
        ) : null}
        {contact.bouncing ? (
          <Badge variant="destructive">
            <MailWarning aria-hidden="true" />
            Bouncing
          </Badge>
        ) : null}
        <div className="ml-auto flex flex-wrap gap-2">
          <ConvertToClientButton contact={contact} />
          <a
            href={urlOf('exportContactData', { params: { id: contact.id } })}
            download
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            <Download aria-hidden="true" />
            Export data
          </a>
        </div>
      </div>
      {contact.bouncing && contact.bounceReason ? (
        <p className="mt-2 wrap-anywhere text-sm text-muted-foreground">
          Mail to {contact.email} bounced: {contact.bounceReason}. Later campaigns skip this address.
        </p>
      ) : null}
      <PossibleSpamNotice contact={contact} />
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-3">
        <div className="grid gap-6">
          <DuplicateContactsCard contact={contact} />
          <ContactInfoCard contact={contact} />
          {contact.status === 'spam' ? null : <DealCard contact={contact} currency={currency} />}
          <LeadSourceCard source={contact.source} />
          <ContactTagsCard contactId={contact.id} tags={tags} />
          <NotesCard contact={contact} />
        </div>
        <div className="grid gap-6 lg:col-span-2">
          <OriginalMessageCard contact={contact} />
          <ContactTasksCard contactId={contact.id} tasks={tasks} />
          <ConversationCard contact={contact} />
          <TimelineCard contactId={contact.id} />
        </div>
      </div>
      <div className="mt-6">
        <ContactDangerZoneCard contact={contact} />
      </div>
    </>
  );
}

function ContactNotFound() {
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <title>Contact not found · Admin</title>
      <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-semibold">Contact not found</h1>
      <Link to="/admin/contacts" className={buttonVariants({ variant: 'outline' })}>
        Back to Contacts
      </Link>
    </div>
  );
}
