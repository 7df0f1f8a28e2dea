import { Pencil, Trash2 } from 'lucide-react';
import * as React from 'react';
import type { PasskeySummary } from '@/shared/security';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/hooks/use-toast';
import { formatDate, formatDateTime } from '@/web/lib/format-date';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useRemovePasskey, useRenamePasskey } from '../api/security-api';
import { PasskeyNameDialog } from './passkey-name-dialog';
import { toastError } from './security-toast';

/** One passkey in the list: its name, when it was added and last used, Rename and Remove (asked first). */
export function PasskeyRow({
  passkey,
  readOnly,
  isLastFactor,
}: {
  passkey: PasskeySummary;
  readOnly: boolean;
  isLastFactor: boolean;
}) {
  const [renaming, setRenaming] = React.useState(false);
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-white/10 bg-white/5 p-3">
      <div className="min-w-0 flex-1 basis-52">
        <p className="font-medium break-words [overflow-wrap:anywhere]">{passkey.name}</p>
        <p className="text-xs text-muted-foreground">
          Added {formatDate(passkey.createdAt)} ·{' '}
          {passkey.lastUsedAt ? `last used ${formatDateTime(passkey.lastUsedAt)}` : 'not used yet'}
        </p>
      </div>
      <div className="flex gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={readOnly}
          onClick={() => setRenaming(true)}
          aria-label={`Rename passkey ${passkey.name}`}
        >
          <Pencil aria-hidden="true" />
          Rename
        </Button>
        <ConfirmDialog
          trigger={
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={readOnly || remove.isPending}
              aria-label={`Remove passkey ${passkey.name}`}
            >
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          }
          title="Remove this passkey?"
          description={
            isLastFactor
              ? `“${passkey.name}” is your last second factor: after removing it, the password alone signs in again and the recovery codes stop working.`
              : `“${passkey.name}” will no longer sign in.`
          }
          confirmLabel="Remove"
          onConfirm={() =>
            remove.mutate(passkey.id, {
              onSuccess: () => toast({ title: 'Passkey removed' }),
              onError: (error) => toastError(error, 'Failed to remove the passkey.'),
            })
          }
        />
      </div>
      <PasskeyNameDialog
        open={renaming}
        onOpenChange={setRenaming}
        title="Rename passkey"
        description="A name that tells you which device or key it is."
        initial={passkey.name}
        submitLabel="Save"
        pending={rename.isPending}
        onSubmit={(name) =>
          rename.mutate(
            { id: passkey.id, name },
            {
              onSuccess: () => {
                setRenaming(false);
                toast({ title: 'Passkey renamed' });
              },
              onError: (error) => toastError(error, 'Failed to rename the passkey.'),
            },
          )
        }
      />
    </li>
  );
}

/** Passkeys: the list (rename, remove with confirmation) and 'Add a passkey'. */
