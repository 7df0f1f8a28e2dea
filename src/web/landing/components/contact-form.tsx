import { Loader2, Send } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';
import { cn } from '@/web/lib/utils';
import { contactForm } from '../content';
import { readFirstTouch } from '../lib/first-touch';
import { startProofOfWork, takeProofOfWork } from '../lib/proof-of-work';
import { requestToaster } from './deferred-toaster';

/** Props of {@link ContactForm}. */
export interface ContactFormProps {
  /** The site's contact address, named in the fallback error text (docs/product.md §3.5). */
  siteEmail: string;
  /** Called after a successful submission, once the form is reset and the toast shown. */
  onSuccess?: () => void;
  /** Start the proof of work at once (the contact dialog), not only when the form gets focus. */
  eagerProofOfWork?: boolean;
  /**
   * Prefix of the fields' ids; islands pass one because `useId` differs between the page's
   * render and the island's own root (docs/decisions/045-landing-islands-and-one-brand-mark.md).
   */
  idPrefix?: string;
  className?: string;
}

/**
 * The public contact form (docs/product.md §3.5): name, email, optional phone, message and the
 * 'prefer a text and a call' checkbox, plus a honeypot field hidden from people.
 * Only the browser's own checks run (`required`, `type=email`, `type=tel`); the server decides.
 * Success resets the form and toasts 'Message sent!'; failure keeps the values and toasts the
 * server's reason (docs/product.md §3.5); the toaster's code loads once the form gets focus. Uncontrolled on
 * purpose: small, and it works as plain HTML until hydration. Focus also starts the hidden proof of work, and
 * the submission carries its solution and the visit's first touch (decision 037).
 */
export function ContactForm({
  siteEmail,
  onSuccess,
  eagerProofOfWork,
  idPrefix,
  className,
}: ContactFormProps) {
  const generatedId = React.useId();
  const id = idPrefix ?? generatedId;
  const [submitting, setSubmitting] = React.useState(false);
  React.useEffect(() => {
    if (eagerProofOfWork) startProofOfWork();
  }, [eagerProofOfWork]);

  // A visitor starting on the form will see a toast soon, and needs a proof of work: fetch both.
  function onFormFocus() {
    requestToaster();
    startProofOfWork();
  }

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
      const request = contactRequestFromForm(form);
      await submitContact({ ...request, altcha: await takeProofOfWork(), source: readFirstTouch() });
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
    <form onSubmit={handleSubmit} onFocus={onFormFocus} className={cn('relative grid gap-5', className)}>
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
