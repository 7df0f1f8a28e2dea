import { toastFailure } from '@/web/lib/toast-failure';
import { StepUpCancelled } from '../api/step-up';

/**
 * Toasts a failed call with the server's message (or the browser's, for a closed passkey prompt);
 * a step-up the owner cancelled is no error.
 */
export function toastError(error: unknown, fallback: string) {
  if (error instanceof StepUpCancelled) return;
  const closed = error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
  // The browser's message for a closed prompt names no cause the owner can act on.
  if (closed) toastFailure(null, 'The passkey prompt was closed. Try again.');
  else toastFailure(error, fallback);
}
