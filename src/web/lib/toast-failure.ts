import { toast } from '@/web/hooks/use-toast';
import { getApiErrorMessage } from '@/web/lib/api';

/** Toasts a failed call: 'Error', with the server's message, or `fallback` when it gave none. */
export function toastFailure(error: unknown, fallback: string): void {
  toast({ variant: 'destructive', title: 'Error', description: getApiErrorMessage(error) ?? fallback });
}
