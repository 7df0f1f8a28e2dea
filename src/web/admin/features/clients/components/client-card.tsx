import { Building2, Mail, Phone, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { Client } from '@/shared/clients';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/hooks/use-toast';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDeleteClient } from '../api/delete-client';
import { AddClientDialog } from './add-client-dialog';
import { ClientTasks } from './client-tasks';

/**
 * One client (docs/product.md §7.1): name (a link to the source contact when `fromContactId` is set),
 * company, email, phone, notes, 'Edit Client', a delete with confirmation, and the client's follow-up tasks.
 */
export function ClientCard({ client }: { client: Client }) {
  const remove = useDeleteClient();

  return (
    // The id is the reminder email's link target (/admin/clients#client-<id>).
    <article
      id={`client-${client.id}`}
      className="flex h-full flex-col gap-4 rounded-2xl border border-white/10 bg-card/80 p-5 shadow-lg shadow-black/10"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h2 className="wrap-anywhere text-lg font-semibold">
            {client.fromContactId ? (
              <Link
                to={`/admin/contacts/${client.fromContactId}`}
                className="text-brand-cyan underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                {client.name}
              </Link>
            ) : (
              client.name
            )}
          </h2>
          {client.company ? (
            <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
              <Building2 className="size-3.5 shrink-0" aria-hidden="true" />
              {client.company}
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0">
          <AddClientDialog client={client} />
          <ConfirmDialog
            title="Delete client"
            description="Are you sure you want to delete this client? All associated tasks will also be deleted."
            onConfirm={() =>
              // mutateAsync: the card unmounts once the list drops it, before per-call callbacks run.
              remove.mutateAsync(client.id).then(
                () => toast({ title: 'Client deleted' }),
                () =>
                  toast({ variant: 'destructive', title: 'Error', description: 'Failed to delete client.' }),
              )
            }
            trigger={
              <Button
                variant="ghost"
                size="icon"
                className="shrink-0 text-muted-foreground hover:text-red-300"
                aria-label={`Delete client ${client.name}`}
                disabled={remove.isPending}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            }
          />
        </div>
      </div>
      {client.email || client.phone ? (
        <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
          {client.email ? (
            <a
              href={`mailto:${client.email}`}
              className="inline-flex min-w-0 items-start gap-1.5 hover:text-foreground"
            >
              <Mail className="mt-[3px] size-3.5 shrink-0" aria-hidden="true" />
              <span className="min-w-0">{client.email}</span>
            </a>
          ) : null}
          {client.phone ? (
            <a
              href={`tel:${client.phone}`}
              className="inline-flex items-center gap-1.5 hover:text-foreground"
            >
              <Phone className="size-3.5 shrink-0" aria-hidden="true" />
              {client.phone}
            </a>
          ) : null}
        </div>
      ) : null}
      {client.notes ? (
        <p className="whitespace-pre-wrap wrap-anywhere text-sm leading-relaxed text-foreground/85">
          {client.notes}
        </p>
      ) : null}
      <div className="mt-auto">
        <ClientTasks client={client} />
      </div>
    </article>
  );
}
