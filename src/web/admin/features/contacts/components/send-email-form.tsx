import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Send } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type Contact, sendEmailSchema } from '@/shared/contacts';
import { Button } from '@/web/components/ui/button';
import { FieldError } from '@/web/components/ui/field-error';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { toast } from '@/web/hooks/use-toast';
import { toastFailure } from '@/web/lib/toast-failure';
import { cn } from '@/web/lib/utils';
import { EmailComposer } from '../../mail';
import { useSendContactEmail } from '../api/send-contact-email';

type SendEmailValues = z.input<typeof sendEmailSchema>;

/**
 * Subject and message to one contact (docs/product.md §6.6, §10.2), written in the {@link EmailComposer}:
 * plain text by default (sent with its lines), HTML on request, the signature appended. Missing fields are reported the way
 * the spec says for each place: `invalidFeedback: 'toast'` (contacts list dialog) toasts
 * 'Missing fields' / 'Please fill in both subject and message.'; `'inline'` (contact detail)
 * shows 'Subject and message are required' under the form. Both mark the blank fields invalid.
 * Success toasts 'Email sent', clears the form and calls `onSent`; failure toasts 'Error' with
 * the server's message, or 'Failed to send email.'.
 */
export function SendEmailForm({
  contact,
  invalidFeedback,
  onSent,
  className,
  children,
  replyTo,
}: {
  contact: Pick<Contact, 'id'>;
  invalidFeedback: 'toast' | 'inline';
  onSent?: () => void;
  className?: string;
  /** Extra actions shown beside the send button (e.g. the dialog's Cancel). */
  children?: React.ReactNode;
  /**
   * The contact's latest reply: the email answers it in the same thread (In-Reply-To,
   * References) and the subject starts as 'Re: …' (decision 023).
   */
  replyTo?: { id: number; subject: string | null };
}) {
  const id = React.useId();
  const send = useSendContactEmail();
  const form = useForm<SendEmailValues, unknown, z.output<typeof sendEmailSchema>>({
    resolver: zodResolver(sendEmailSchema),
    defaultValues: { format: 'text', subject: '', content: '' },
  });
  const format = form.watch('format') ?? 'text';
  const content = form.watch('content') ?? '';
  const { errors } = form.formState;
  const missing = Boolean(errors.subject || errors.content);
  const errorId = `${id}-error`;
  const replySubject = replyTo ? reSubject(replyTo.subject) : undefined;

  // A new reply arrived: answer it, unless the admin already typed a subject of their own.
  React.useEffect(() => {
    if (replySubject && !form.getFieldState('subject').isDirty) form.setValue('subject', replySubject);
  }, [replySubject, form]);
  const describedBy = invalidFeedback === 'inline' && missing ? errorId : undefined;

  const onValid = form.handleSubmit(
    (email) => {
      send.mutate(
        { contactId: contact.id, email: replyTo ? { ...email, inReplyToId: replyTo.id } : email },
        {
          onSuccess: () => {
            toast({ title: 'Email sent' });
            form.reset({ format, subject: replySubject ?? '', content: '' });
            onSent?.();
          },
          onError: (error) => toastFailure(error, 'Failed to send email.'),
        },
      );
    },
    () => {
      if (invalidFeedback === 'toast') {
        toast({
          variant: 'destructive',
          title: 'Missing fields',
          description: 'Please fill in both subject and message.',
        });
      }
    },
  );

  return (
    <form noValidate onSubmit={onValid} className={cn('grid gap-4', className)}>
      {replyTo ? (
        <p className="wrap-anywhere text-xs text-muted-foreground">
          Replies in the same thread as the latest reply{replyTo.subject ? ` (${replyTo.subject})` : ''}.
        </p>
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-subject`}>Subject</Label>
        <Input
          id={`${id}-subject`}
          autoComplete="off"
          aria-invalid={errors.subject ? true : undefined}
          aria-describedby={describedBy}
          {...form.register('subject')}
        />
      </div>
      <EmailComposer
        id={`${id}-content`}
        label={{ text: 'Message', html: 'Message (HTML)' }}
        format={format}
        onFormatChange={(value) => form.setValue('format', value)}
        content={content}
        textarea={{
          'aria-invalid': errors.content ? true : undefined,
          'aria-describedby': describedBy,
          ...form.register('content'),
        }}
      />
      {invalidFeedback === 'inline' && missing ? (
        <FieldError id={errorId} role="alert">
          Subject and message are required
        </FieldError>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {children}
        <Button type="submit" variant="gradient" disabled={send.isPending}>
          {send.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Send aria-hidden="true" />
          )}
          {send.isPending ? 'Sending...' : 'Send Email'}
        </Button>
      </div>
    </form>
  );
}

/** 'Re: subject', without piling up prefixes ('Re: Re: …'); 'Re:' alone for a reply without one. */
function reSubject(subject: string | null): string {
  const base = (subject ?? '').replace(/^\s*((re|aw|sv|fwd?)\s*:\s*)+/i, '').trim();
  return `Re: ${base}`.trim().slice(0, 300);
}
