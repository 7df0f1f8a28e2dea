import { Loader2, Send } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';
import { cn } from '@/web/lib/utils';
import { contactForm } from '../content';
import { requestToaster } from './deferred-toaster';

/** Props of {@link ContactForm}. */
export interface ContactFormProps {
  /** The site's contact address, named in the fallback error text (spec §8). */
  siteEmail: string;
  /** Called after a successful submission, once the form is reset and the toast shown. */
  onSuccess?: () => void;
  className?: string;
}

/**
 * The public contact form (spec §2, §3, §5): name, email, optional phone, message and the
 * 'prefer a text and a call' checkbox, plus a honeypot field hidden from people.
 * Only the browser's own checks run (`required`, `type=email`, `type=tel`); the server decides.
 * Success resets the form and toasts 'Message sent!'; failure keeps the values and toasts the
 * server's reason (spec §4, §8); the toaster's code loads once the form gets focus. Uncontrolled on purpose: small, and it works as plain HTML
 * until hydration.
 */
export function ContactForm({ siteEmail, onSuccess, className }: ContactFormProps) {
  const id = React.useId();
  const [submitting, setSubmitting] = React.useState(false);

  async function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    setSubmitting(true);
    requestToaster();
    // Loaded on first use: keeps the API client and the toast store out of the first load.
    const [{ toast }, { contactErrorDescription, contactRequestFromForm, submitContact }] = await Promise.all(
      [import('@/web/hooks/use-toast'), import('../lib/submit-contact')],
    );
    try {
      await submitContact(contactRequestFromForm(form));
      form.reset();
      toast({ title: contactForm.successTitle, description: contactForm.successDescription });
      onSuccess?.();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: contactForm.errorTitle,
        description: contactErrorDescription(error, siteEmail),
      });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    // A visitor starting on the form will see a toast soon: fetch the toaster meanwhile.
    <form onSubmit={handleSubmit} onFocus={requestToaster} className={cn('relative grid gap-5', className)}>
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-name`}>{contactForm.nameLabel}</Label>
          <Input
            id={`${id}-name`}
            name="name"
            autoComplete="name"
            placeholder={contactForm.namePlaceholder}
            required
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-email`}>{contactForm.emailLabel}</Label>
          <Input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            placeholder={contactForm.emailPlaceholder}
            required
          />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-phone`}>
          {contactForm.phoneLabel}{' '}
          <span className="font-normal! text-muted-foreground">{contactForm.phoneOptional}</span>
        </Label>
        <Input
          id={`${id}-phone`}
          name="phone"
          type="tel"
          autoComplete="tel"
          placeholder={contactForm.phonePlaceholder}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-message`}>{contactForm.messageLabel}</Label>
        <Textarea
          id={`${id}-message`}
          name="message"
          rows={5}
          placeholder={contactForm.messagePlaceholder}
          required
        />
      </div>
      <div className="flex items-center gap-3">
        <Checkbox id={`${id}-prefer`} name="preferTextAndCall" />
        <Label htmlFor={`${id}-prefer`} className="font-normal! text-muted-foreground">
          {contactForm.preferTextAndCallLabel}
        </Label>
      </div>
      {/* Honeypot: off-screen and hidden from assistive tech; people never fill it, bots often do. */}
      <div aria-hidden="true" className="absolute top-0 -left-[10000px] size-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Website</label>
        <input id={`${id}-website`} type="text" name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <Button type="submit" variant="gradient" size="lg" disabled={submitting} className="w-full">
        {submitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
        {submitting ? contactForm.submitting : contactForm.submit}
      </Button>
    </form>
  );
}
