import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { Outlet } from 'react-router';
import type { Credential } from '@/shared/credentials';
import { getApiErrorStatus } from '@/web/lib/api';
import { toastFailure } from '@/web/lib/toast-failure';
import { CREDENTIALS_URL, getCredentialsQueryOptions, isVaultQueryKey } from '../api/get-credentials';

/** What the credential screens share: the unlocked vault password, or `null` while locked. */
export interface VaultState {
  password: string | null;
  /** Opens the vault with a password the server accepted, seeding the list it answered. */
  unlock: (password: string, credentials: Credential[]) => void;
  /** Closes the vault and forgets every decrypted value held by the page. */
  lock: () => void;
}

const VaultContext = React.createContext<VaultState | null>(null);

/**
 * Whether a failed credentials call means the vault password no longer opens the vault (401
 * without it, 403 wrong: e.g. it was changed on the server meanwhile), so the screens lock.
 */
export function isVaultRejection(error: unknown): boolean {
  const status = getApiErrorStatus(error);
  return status === 401 || status === 403;
}

/** Drops the vault's queries and mutations (decrypted values, payloads, the closures holding the password). */
function forgetVault(queryClient: QueryClient) {
  const predicate = (query: { queryKey: readonly unknown[] }) => isVaultQueryKey(query.queryKey);
  void queryClient.cancelQueries({ predicate });
  queryClient.removeQueries({ predicate });
  const mutations = queryClient.getMutationCache();
  for (const mutation of mutations.findAll({ mutationKey: [CREDENTIALS_URL] })) mutations.remove(mutation);
}

/**
 * Layout route around /admin/credentials and /admin/credentials/{id} (docs/product.md §9.1, §9.2): holds the
 * vault password in React state only (never in storage, cookies or query keys), so moving between
 * the list and a detail keeps the vault open while a reload locks it again. Leaving both screens
 * forgets every decrypted value; a credentials call answered 401 or 403 locks the vault with the
 * toast 'Error' / 'Invalid password'.
 */
export function VaultLayout() {
  const queryClient = useQueryClient();
  const [password, setPassword] = React.useState<string | null>(null);

  const lock = React.useCallback(() => {
    setPassword(null);
    forgetVault(queryClient);
  }, [queryClient]);

  const unlock = React.useCallback(
    (next: string, credentials: Credential[]) => {
      queryClient.setQueryData(getCredentialsQueryOptions(next).queryKey, credentials);
      setPassword(next);
    },
    [queryClient],
  );

  React.useEffect(() => () => forgetVault(queryClient), [queryClient]);

  // One watcher for every vault query and mutation, rather than a check in each screen.
  React.useEffect(() => {
    if (password === null) return;
    let locked = false;
    const reject = (error: unknown) => {
      if (locked || !isVaultRejection(error)) return;
      locked = true;
      // Out of the cache's notification pass: locking removes the very queries being notified.
      queueMicrotask(() => {
        lock();
        toastFailure(error, 'Invalid password');
      });
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'error' &&
        isVaultQueryKey(event.query.queryKey)
      ) {
        reject(event.action.error);
      }
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'error' &&
        event.mutation.options.mutationKey?.[0] === CREDENTIALS_URL
      ) {
        reject(event.action.error);
      }
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [password, queryClient, lock]);

  const value = React.useMemo(() => ({ password, unlock, lock }), [password, unlock, lock]);
  return (
    <VaultContext value={value}>
      <Outlet />
    </VaultContext>
  );
}

/**
 * The vault state of the credential screens.
 * @throws Error when used outside {@link VaultLayout}.
 */
export function useVault(): VaultState {
  const vault = React.use(VaultContext);
  if (!vault) throw new Error('useVault must be used inside <VaultLayout>.');
  return vault;
}
