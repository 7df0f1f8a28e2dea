import { ShieldAlert, ShieldX } from 'lucide-react';
import type { Contact, SpamReason } from '@/shared/contacts';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/hooks/use-toast';
import { toastFailure } from '@/web/lib/toast-failure';
import { useMoveToSpam } from '../api/move-to-spam';

/** A content signal in words (decision 057). */
const signalLabels: Record<SpamReason, string> = {
  pow: 'no proof of work',
  honeypot: 'the hidden field filled',
  links: 'many links',
  phrases: 'known spam phrases',
  script: 'mostly not in Latin letters',
  disposable: 'a disposable email address',
  owner: 'moved to spam by you',
};

/** The signals of a lead as one line: "many links, known spam phrases". */
export function possibleSpamText(reasons: readonly SpamReason[]): string {
  return reasons.map((reason) => signalLabels[reason] ?? reason).join(', ');
}

/**
 * 'Possible spam' (decision 057): a lead whose message tripped a content check is a normal lead
 * (notified, counted, in every list); this badge names why it might be spam. Nothing for a lead
 * without signals or a contact held as spam.
 */
export function PossibleSpamBadge({ contact, className }: { contact: Contact; className?: string }) {
  if (contact.status === 'spam' || contact.possibleSpam.length === 0) return null;
  const why = possibleSpamText(contact.possibleSpam);
  return (
    <Badge variant="yellow" title={`Possible spam: ${why}`} className={className}>
      <ShieldAlert aria-hidden="true" />
      Possible spam<span className="sr-only">: {why}</span>
    </Badge>
  );
}

/**
 * 'Move to spam' for a contact that is not held (decision 057): one click, then a toast; 'Not
 * spam' on the contact brings it back. Nothing for spam or converted contacts.
 */
export function MoveToSpamButton({ contact }: { contact: Contact }) {
  const move = useMoveToSpam();
  if (contact.status === 'spam' || contact.status === 'converted') return null;
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={move.isPending}
      // The promise, not mutate's callbacks: the move refreshes the contact, which removes this
      // button, and a per-call onSuccess of an unmounted observer never runs (no toast).
      onClick={() =>
        move.mutateAsync(contact.id).then(
          () =>
            toast({
              title: 'Moved to spam',
              description: `${contact.name} is held under Spam; 'Not spam' brings the lead back.`,
            }),
          (error: unknown) => toastFailure(error, 'Failed to move the contact to spam.'),
        )
      }
    >
      <ShieldX aria-hidden="true" />
      Move to spam
    </Button>
  );
}

/**
 * The contact page's 'Possible spam' notice (decision 057): the signals in words, that the lead was
 * notified and counted like any other, and 'Move to spam'. Nothing without signals.
 */
export function PossibleSpamNotice({ contact }: { contact: Contact }) {
  if (contact.status === 'spam' || contact.possibleSpam.length === 0) return null;
  return (
    <section
      aria-label="Possible spam"
      className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-yellow-400/30 bg-yellow-500/10 p-3 text-sm"
    >
      <p className="flex min-w-0 flex-1 basis-64 items-start gap-2">
        <ShieldAlert className="mt-0.5 size-4 shrink-0 text-yellow-200" aria-hidden="true" />
        <span className="min-w-0">
          <span className="font-medium">Possible spam: {possibleSpamText(contact.possibleSpam)}.</span>{' '}
          <span className="text-muted-foreground">
            It is a lead like any other: you were notified and it is counted.
          </span>
        </span>
      </p>
      <MoveToSpamButton contact={contact} />
    </section>
  );
}
