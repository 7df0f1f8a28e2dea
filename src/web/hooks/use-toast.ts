/**
 * Toast state shared by the whole page (shadcn/ui's classic `use-toast` pattern, docs/product.md §14.1):
 * one toast visible at a time, removed from memory 1,000,000 ms after it is dismissed.
 * Call {@link toast} from anywhere; render `<Toaster />` once.
 */
import * as React from 'react';
import type { ToastActionElement, ToastProps } from '@/web/components/ui/toast';

const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1_000_000;

type ToasterToast = ToastProps & {
  id: string;
  title?: React.ReactNode;
  description?: React.ReactNode;
  action?: ToastActionElement;
};

type Action =
  | { type: 'ADD_TOAST'; toast: ToasterToast }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToasterToast> }
  | { type: 'DISMISS_TOAST'; toastId?: ToasterToast['id'] }
  | { type: 'REMOVE_TOAST'; toastId?: ToasterToast['id'] };

interface State {
  toasts: ToasterToast[];
}

let count = 0;

function genId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return count.toString();
}

const toastTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function addToRemoveQueue(toastId: string): void {
  if (toastTimeouts.has(toastId)) return;
  const timeout = setTimeout(() => {
    toastTimeouts.delete(toastId);
    dispatch({ type: 'REMOVE_TOAST', toastId });
  }, TOAST_REMOVE_DELAY);
  toastTimeouts.set(toastId, timeout);
}

/** Pure state transition of the toast list. */
export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'ADD_TOAST':
      return { ...state, toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return {
        ...state,
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case 'DISMISS_TOAST': {
      const { toastId } = action;
      // Side effect kept here, as in the original pattern, so dismissing stays one call.
      if (toastId) {
        addToRemoveQueue(toastId);
      } else {
        for (const t of state.toasts) addToRemoveQueue(t.id);
      }
      return {
        ...state,
        toasts: state.toasts.map((t) =>
          t.id === toastId || toastId === undefined ? { ...t, open: false } : t,
        ),
      };
    }
    case 'REMOVE_TOAST':
      if (action.toastId === undefined) return { ...state, toasts: [] };
      return { ...state, toasts: state.toasts.filter((t) => t.id !== action.toastId) };
  }
}

const listeners: Array<(state: State) => void> = [];
let memoryState: State = { toasts: [] };

function dispatch(action: Action): void {
  memoryState = reducer(memoryState, action);
  for (const listener of listeners) listener(memoryState);
}

/** What {@link toast} accepts: title, description, variant and any Radix Toast prop. */
export type ToastInput = Omit<ToasterToast, 'id'>;

/**
 * Shows a toast (replacing the current one, docs/product.md §14.1) and returns handles to update or dismiss
 * it.
 * @example toast({ title: 'Message sent!', description: 'Thanks…' })
 */
export function toast(props: ToastInput) {
  const id = genId();
  const update = (next: ToasterToast) => dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } });
  const dismiss = () => dispatch({ type: 'DISMISS_TOAST', toastId: id });
  dispatch({
    type: 'ADD_TOAST',
    toast: {
      ...props,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });
  return { id, dismiss, update };
}

function subscribe(listener: (state: State) => void): () => void {
  listeners.push(listener);
  return () => {
    const index = listeners.indexOf(listener);
    if (index > -1) listeners.splice(index, 1);
  };
}
const getState = () => memoryState;

/**
 * Subscribes a component to the toast list; returns it with {@link toast} and `dismiss`.
 * Through `useSyncExternalStore`: a toast fired between the Toaster's first render and its effects
 * (the sign-in's 'Logged in successfully' as the deferred Toaster mounts) is not missed, as it was
 * with a state copied at render and a listener added in an effect.
 */
export function useToast() {
  const state = React.useSyncExternalStore(subscribe, getState, getState);
  return {
    ...state,
    toast,
    dismiss: (toastId?: string) => dispatch({ type: 'DISMISS_TOAST', toastId }),
  };
}
