import { Eye, EyeOff } from 'lucide-react';
import * as React from 'react';
import { composeEmailBody, type EmailFormat } from '@/shared/email-body';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';
import { cn } from '@/web/lib/utils';
import { SafeHtml } from '../../../components/safe-html';
import { useMailSignature } from '../api/mail-signature';

/**
 * The body of an email, the same in every place the owner writes one (Send Email on the contact
 * list, the inline form on the contact detail, Create Campaign): a Plain text / HTML switch, the
 * text area (its registration from react-hook-form in `textarea`), and a Preview that shows the
 * email as sent, signature included, through the same sanitiser as the conversation.
 */
export function EmailComposer({
  id,
  label,
  format,
  onFormatChange,
  content,
  textarea,
  withSignature = true,
  htmlPlaceholder,
}: {
  id: string;
  /** The field's label for each format, e.g. `{ text: 'Message', html: 'Message (HTML)' }`. */
  label: Record<EmailFormat, string>;
  format: EmailFormat;
  onFormatChange: (format: EmailFormat) => void;
  /** The current text, for the preview. */
  content: string;
  textarea: React.ComponentProps<'textarea'>;
  /** Whether the server appends the signature to this email (emails to one contact). */
  withSignature?: boolean;
  htmlPlaceholder?: string;
}) {
  const [preview, setPreview] = React.useState(false);
  const signature = useMailSignature();
  const sig = withSignature ? (signature.data?.signature ?? '') : '';
  const html = React.useMemo(
    () => (preview ? composeEmailBody({ format, content }, sig).html : ''),
    [preview, format, content, sig],
  );
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Label htmlFor={id}>{label[format]}</Label>
        <fieldset className="flex items-center gap-1 rounded-lg border p-0.5 text-xs">
          <legend className="sr-only">Format</legend>
          {(['text', 'html'] as const).map((value) => (
            <label
              key={value}
              className={cn(
                'relative cursor-pointer rounded-md px-2 py-1 has-focus-visible:ring-2 has-focus-visible:ring-ring/50',
                format === value ? 'bg-white/10 font-medium text-foreground' : 'text-muted-foreground',
              )}
            >
              <input
                type="radio"
                // Over its label, transparent: the click lands on the radio itself.
                className="absolute inset-0 cursor-pointer opacity-0"
                name={`${id}-format`}
                value={value}
                checked={format === value}
                onChange={() => onFormatChange(value)}
              />
              {value === 'text' ? 'Plain text' : 'HTML'}
            </label>
          ))}
        </fieldset>
      </div>
      <Textarea
        id={id}
        spellCheck={format === 'text'}
        placeholder={format === 'html' ? htmlPlaceholder : undefined}
        {...textarea}
        className={cn('min-h-32', format === 'html' && 'font-mono text-sm', textarea.className)}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">
          {format === 'text'
            ? 'Sent as typed: line breaks and blank lines are kept.'
            : 'HTML is supported, e.g. <p>, <strong>, <a href="…">.'}
          {sig ? ' Your signature is added below.' : ''}
        </p>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-pressed={preview}
          onClick={() => setPreview((v) => !v)}
        >
          {preview ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          Preview
        </Button>
      </div>
      {preview ? (
        <section
          aria-label="Email preview"
          className="max-h-72 overflow-auto rounded-lg border bg-white/5 p-4"
        >
          {content.trim() || sig ? (
            <SafeHtml html={html} />
          ) : (
            <p className="text-sm text-muted-foreground">Nothing to preview yet.</p>
          )}
        </section>
      ) : null}
    </div>
  );
}
