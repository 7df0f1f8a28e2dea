import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Pencil, Trash2, X } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { type Credential, type CredentialInput, credentialCreateSchema } from '@/shared/credentials';
import { Button } from '@/web/components/ui/button';
import { FieldError } from '@/web/components/ui/field-error';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/hooks/use-toast';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDeleteCredential } from '../api/delete-credential';
import { useUpdateCredential } from '../api/update-credential';
import { CopyButton } from './copy-button';
import { type CredentialFormValues, credentialFormValues } from './credential-form';
import { RevealToggle, SecretValue } from './secret-value';
import { isVaultRejection } from './vault-provider';

const cell = 'px-3 py-3 align-top';
const inputClass = 'h-9 md:text-sm';

/** A value of a row, or a dash when the credential has none. */
function Empty() {
  return (
    <span className="text-muted-foreground">
      <span aria-hidden="true">—</span>
      <span className="sr-only">None</span>
    </span>
  );
}

/**
 * One row of the unlocked credentials table (spec §2 credentials): the company name links to
 * its detail; email, password (masked until 'Show password') and connectors each have a copy
 * button. 'Edit' turns the cells into fields with 'Save' (PATCH every field; toasts 'Credential
 * updated' or 'Error' / 'Failed to update credential') and 'Cancel' (keeps the stored values);
 * 'Delete' asks 'Are you sure you want to delete this credential?' first.
 */
export function CredentialRow({ credential, password }: { credential: Credential; password: string }) {
  const id = React.useId();
  const formId = `${id}-form`;
  const companyId = `${id}-company`;
  const [editing, setEditing] = React.useState(false);
  const [revealed, setRevealed] = React.useState(false);
  const editButton = React.useRef<HTMLButtonElement>(null);
  const returnFocus = React.useRef(false);
  const update = useUpdateCredential();
  const remove = useDeleteCredential();
  const form = useForm<CredentialFormValues, unknown, CredentialInput>({
    resolver: zodResolver(credentialCreateSchema),
  });
  const { errors } = form.formState;

  // Back on the Edit button once the row leaves edit mode, so keyboard users keep their place.
  React.useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  function startEditing() {
    form.reset(credentialFormValues(credential));
    setEditing(true);
  }

  function stopEditing() {
    returnFocus.current = true;
    setEditing(false);
  }

  const onSubmit = form.handleSubmit(
    (values) =>
      update.mutate(
        { id: credential.id, update: values, password },
        {
          onSuccess: () => {
            toast({ title: 'Credential updated' });
            stopEditing();
          },
          onError: (error) => {
            if (isVaultRejection(error)) return;
            toast({ variant: 'destructive', title: 'Error', description: 'Failed to update credential' });
          },
        },
      ),
    (invalid) => {
      if (invalid.companyName) {
        toast({ variant: 'destructive', title: 'Error', description: 'Company name is required' });
      }
    },
  );

  const fieldProps = (name: keyof CredentialFormValues) => ({
    form: formId,
    'aria-invalid': errors[name] ? (true as const) : undefined,
    onKeyDown: (event: React.KeyboardEvent) => {
      if (event.key === 'Escape') stopEditing();
    },
    ...form.register(name),
  });

  const passwordId = `${id}-password`;

  return (
    <tr className="border-t border-white/10 transition-colors hover:bg-white/[0.03]">
      <th scope="row" className={`${cell} text-left font-medium`}>
        {editing ? (
          <>
            <Input
              className={inputClass}
              aria-label="Company name"
              aria-describedby={errors.companyName ? `${id}-company-error` : undefined}
              autoComplete="off"
              required
              autoFocus
              {...fieldProps('companyName')}
            />
            <FieldError id={`${id}-company-error`} className="mt-1">
              {errors.companyName?.message}
            </FieldError>
          </>
        ) : (
          <Link
            id={companyId}
            to={`/admin/credentials/${credential.id}`}
            className="break-words rounded-sm text-brand-cyan underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {credential.companyName}
          </Link>
        )}
      </th>
      <td className={cell}>
        {editing ? (
          <Input className={inputClass} aria-label="Email" autoComplete="off" {...fieldProps('email')} />
        ) : credential.email ? (
          <div className="flex items-center gap-1">
            <span className="min-w-0 break-all">{credential.email}</span>
            <CopyButton value={credential.email} label="email" />
          </div>
        ) : (
          <Empty />
        )}
      </td>
      <td className={cell}>
        {editing ? (
          <div className="flex items-center gap-1">
            <Input
              id={passwordId}
              className={inputClass}
              aria-label="Password"
              type={revealed ? 'text' : 'password'}
              autoComplete="off"
              {...fieldProps('password')}
            />
            <RevealToggle revealed={revealed} onToggle={() => setRevealed((r) => !r)} controls={passwordId} />
          </div>
        ) : credential.password ? (
          <div className="flex items-center gap-1">
            <SecretValue
              id={passwordId}
              value={credential.password}
              revealed={revealed}
              className="mr-auto"
            />
            <RevealToggle revealed={revealed} onToggle={() => setRevealed((r) => !r)} controls={passwordId} />
            <CopyButton value={credential.password} label="password" />
          </div>
        ) : (
          <Empty />
        )}
      </td>
      <td className={cell}>
        {editing ? (
          <Textarea
            className="min-h-9 font-mono md:text-xs"
            aria-label="Connectors"
            spellCheck={false}
            {...fieldProps('connectors')}
          />
        ) : credential.connectors ? (
          <div className="flex items-start gap-1">
            <span className="line-clamp-3 min-w-0 whitespace-pre-wrap break-all font-mono text-xs leading-5 text-foreground/85">
              {credential.connectors}
            </span>
            <CopyButton value={credential.connectors} label="connectors" />
          </div>
        ) : (
          <Empty />
        )}
      </td>
      <td className={cell}>
        {editing ? (
          <Textarea className="min-h-9 md:text-sm" aria-label="Notes" {...fieldProps('notes')} />
        ) : credential.notes ? (
          <span className="line-clamp-3 whitespace-pre-wrap break-words text-foreground/85">
            {credential.notes}
          </span>
        ) : (
          <Empty />
        )}
      </td>
      <td className={`${cell} text-right`}>
        {editing ? (
          <form id={formId} noValidate onSubmit={onSubmit} className="flex justify-end gap-1">
            <Button
              type="submit"
              size="icon"
              className="size-8"
              aria-label="Save"
              disabled={update.isPending}
            >
              <Check aria-hidden="true" />
            </Button>
            <Button
              type="button"
              variant="outline"
              size="icon"
              className="size-8"
              aria-label="Cancel"
              onClick={stopEditing}
            >
              <X aria-hidden="true" />
            </Button>
          </form>
        ) : (
          <div className="flex justify-end gap-1">
            <Button
              ref={editButton}
              variant="ghost"
              size="icon"
              className="size-8 text-muted-foreground hover:text-foreground"
              aria-label="Edit"
              aria-describedby={companyId}
              onClick={startEditing}
            >
              <Pencil aria-hidden="true" />
            </Button>
            <ConfirmDialog
              title="Delete credential"
              description="Are you sure you want to delete this credential?"
              onConfirm={() =>
                remove.mutate(
                  { id: credential.id, password },
                  {
                    onSuccess: () => toast({ title: 'Credential deleted' }),
                    onError: (error) => {
                      if (isVaultRejection(error)) return;
                      toast({
                        variant: 'destructive',
                        title: 'Error',
                        description: 'Failed to delete credential',
                      });
                    },
                  },
                )
              }
              trigger={
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 text-muted-foreground hover:text-red-300"
                  aria-label="Delete"
                  aria-describedby={companyId}
                  disabled={remove.isPending}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              }
            />
          </div>
        )}
      </td>
    </tr>
  );
}
