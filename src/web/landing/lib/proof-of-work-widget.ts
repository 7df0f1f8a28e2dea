/**
 * The `altcha` widget, hidden, solving the contact form's challenge (decision 037). The
 * `altcha/external` build with its SHA worker as a separate file: the site's Content Security
 * Policy allows scripts and workers from itself only (no blob: workers, no inline styles needed).
 */
import 'altcha/external';
import ShaWorker from 'altcha/workers/sha?worker';
import { publicRoutes } from '@/shared/api/public-routes';

let widget: HTMLElementTagNameMap['altcha-widget'] | null = null;
let payload: string | undefined;
let waiters: ((payload: string | undefined) => void)[] = [];

/** Creates the hidden widget (once) and starts solving. */
export function solveInBackground(): void {
  if (widget) return;
  globalThis.$altcha.algorithms.set('SHA-256', () => new ShaWorker());
  const element = document.createElement('altcha-widget');
  element.setAttribute('challenge', publicRoutes.getContactChallenge.path);
  element.setAttribute('auto', 'onload');
  element.setAttribute('name', 'altcha');
  element.setAttribute(
    'configuration',
    JSON.stringify({ minDuration: 0, hideLogo: true, hideFooter: true, humanInteractionSignature: false }),
  );
  // Out of the form (its checkbox must not take part in the form's validation) and out of view.
  element.hidden = true;
  element.setAttribute('aria-hidden', 'true');
  element.addEventListener('verified', (event) => {
    payload = (event as CustomEvent<{ payload: string }>).detail.payload;
    for (const resolve of waiters) resolve(payload);
    waiters = [];
  });
  element.addEventListener('expired', () => {
    payload = undefined;
    void element.verify();
  });
  document.body.append(element);
  widget = element;
}

/**
 * Hands out the current solution (waiting for it at most `timeoutMs`) and starts solving a new
 * challenge: each solution is accepted once by the server.
 */
export async function takeSolution(timeoutMs: number): Promise<string | undefined> {
  solveInBackground();
  const ready =
    payload ??
    (await new Promise<string | undefined>((resolve) => {
      const timer = setTimeout(() => resolve(undefined), timeoutMs);
      waiters.push((value) => {
        clearTimeout(timer);
        resolve(value);
      });
    }));
  payload = undefined;
  if (widget) {
    widget.reset();
    void widget.verify();
  }
  return ready;
}
