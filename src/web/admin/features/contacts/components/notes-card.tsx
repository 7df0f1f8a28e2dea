import { Pencil } from 'lucide-react';
import * as React from 'react';
import type { Contact } from '@/shared/contacts';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Textarea } from '@/web/components/ui/textarea';
import { toastFailure } from '@/web/lib/toast-failure';
import { useUpdateContactNotes } from '../api/update-contact-notes';

/**
 * 'Notes' (docs/product.md §6.2): the admin's notes, 'No notes yet' when there are none; 'Edit'
 * opens a text field with Save and Cancel. Saving blank text clears the notes.
 */
export function NotesCard({ contact }: { contact: Pick<Contact, 'id' | 'notes'> }) {
  const id = React.useId();
  const [editing, setEditing] = React.useState(false);
  const [draft, setDraft] = React.useState('');
  const update = useUpdateContactNotes();

  function save() {
    update.mutate(
      { contactId: contact.id, notes: draft.trim() ? draft : null },
      {
        onSuccess: () => setEditing(false),
        onError: (error) => toastFailure(error, 'Failed to save notes.'),
      },
    );
  }

  return (
    <Card className="gap-4">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle as="h2" id={`${id}-title`}>
          Notes
        </CardTitle>
        {editing ? null : (
          <Button
            variant="ghost"
            size="sm"
            aria-label="Edit notes"
            onClick={() => {
              setDraft(contact.notes ?? '');
              setEditing(true);
            }}
          >
            <Pencil aria-hidden="true" />
            Edit
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {editing ? (
          <form
            className="grid gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              save();
            }}
          >
            <Textarea
              aria-labelledby={`${id}-title`}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              autoFocus
              className="max-h-96"
            />
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" size="sm" onClick={() => setEditing(false)}>
                Cancel
              </Button>
              <Button type="submit" size="sm" disabled={update.isPending}>
                Save
              </Button>
            </div>
          </form>
        ) : contact.notes ? (
          // A long note scrolls inside its own box (decision 017) so the cards below stay in reach;
          // focusable so the keyboard can scroll it too.
          <section
            aria-labelledby={`${id}-title`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
            tabIndex={0}
            className="max-h-96 overflow-y-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <p className="whitespace-pre-wrap wrap-anywhere text-sm leading-relaxed">{contact.notes}</p>
          </section>
        ) : (
          <p className="text-sm text-muted-foreground">No notes yet</p>
        )}
      </CardContent>
    </Card>
  );
}
