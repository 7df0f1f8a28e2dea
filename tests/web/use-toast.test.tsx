// @vitest-environment happy-dom
/**
 * The toast store (src/web/hooks/use-toast.ts) seen by a Toaster that mounts while toasts are being
 * fired: the admin's Toaster mounts late (deferred until idle), so a toast can be fired after the
 * Toaster's first render and before its effects run. It must still show. Rendered by react-dom in
 * happy-dom; a sibling's layout effect fires the toast, as it runs after the Toaster's render and
 * before its passive effects.
 */
import * as React from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { toast, useToast } from '../../src/web/hooks/use-toast.ts';

function Titles() {
  const { toasts } = useToast();
  return <ul>{toasts.map((t) => (t.open ? <li key={t.id}>{String(t.title)}</li> : null))}</ul>;
}

function FiresOnMount({ title }: { title: string }) {
  React.useLayoutEffect(() => {
    toast({ title });
  }, [title]);
  return null;
}

describe('useToast', () => {
  it('shows a toast fired between the Toaster’s render and its effects', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    flushSync(() =>
      root.render(
        <>
          <Titles />
          <FiresOnMount title="Logged in successfully" />
        </>,
      ),
    );
    // Let passive effects and any re-render they schedule run.
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(host.textContent).toBe('Logged in successfully');
    root.unmount();
  });
});
