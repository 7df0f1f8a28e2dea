import { publicRoutes } from '@/shared/api/public-routes';
import type { ContactRequest } from '@/shared/contact';
import { apiRequest, getApiErrorMessage } from '@/web/lib/api';
import { contactForm } from '../content';

/**
 * Sends the public contact request (docs/product.md §12.2 `POST /api/contact`). The server validates it with
 * `contactRequestSchema`; the browser only ran its own `required`/`type` checks (docs/product.md §3.5).
 * @throws Error `"<status>: <body>"` from {@link apiRequest} when the server refuses it.
 */
export async function submitContact(request: ContactRequest): Promise<void> {
  const { method, path } = publicRoutes.submitContactForm;
  await apiRequest(method, path, request);
}

/**
 * Reads the contact form's fields into the request body. The honeypot `website` is sent as is
 * so the server can drop bot submissions (docs/product.md §3.5).
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
 * The description of the error toast after a failed submission (docs/product.md §3.5): the server's `error`
 * field, else the text after the first colon, else a fallback naming the site's email address.
 */
export function contactErrorDescription(error: unknown, siteEmail: string): string {
  return getApiErrorMessage(error) ?? contactForm.errorFallback.replace('{email}', siteEmail);
}
