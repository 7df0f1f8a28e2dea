import type { ContactRequest } from '@/shared/contact';
import { apiRequest, getApiErrorMessage } from '@/web/lib/api';
import { contactForm } from '../content';

/**
 * Sends the public contact request (spec §7 `POST /api/contact`). The server validates it with
 * `contactRequestSchema`; the browser only ran its own `required`/`type` checks (spec §5).
 * @throws Error `"<status>: <body>"` from {@link apiRequest} when the server refuses it.
 */
export async function submitContact(request: ContactRequest): Promise<void> {
  await apiRequest('POST', '/api/contact', request);
}

/**
 * Reads the contact form's fields into the request body. The honeypot `website` is sent as is
 * so the server can drop bot submissions (DESIGN §3).
 */
export function contactRequestFromForm(form: HTMLFormElement): ContactRequest {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return {
    name: text('name'),
    email: text('email'),
    message: text('message'),
    phone: text('phone'),
    preferTextAndCall: data.get('preferTextAndCall') === 'on',
    website: text('website'),
  };
}

/**
 * The description of the error toast after a failed submission (spec §8): the server's `error`
 * field, else the text after the first colon, else a fallback naming the site's email address.
 */
export function contactErrorDescription(error: unknown, siteEmail: string): string {
  return getApiErrorMessage(error) ?? contactForm.errorFallback.replace('{email}', siteEmail);
}
