import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SecurityOverview } from '@/shared/security';
import { apiRequest } from '@/web/lib/api';
import { useRequestStepUp, withStepUp } from './step-up';

/**
 * The Security screen's calls (`/api/admin/security…`) and the second sign-in step
 * (`/api/admin/login/…`). Passkey ceremonies run through @simplewebauthn/browser: the server's
 * options in, the browser's answer out.
 */

export const SECURITY_URL = '/api/admin/security';
/** The sessions list (features/security/api/sessions.ts); a factor change ends other sessions. */
export const SESSIONS_URL = `${SECURITY_URL}/sessions`;

async function json<T>(res: Response): Promise<T> {
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Query options of the overview (factors, recovery codes left, latest sign-in events). */
export function getSecurityQueryOptions() {
  return queryOptions({
    queryKey: [SECURITY_URL],
    queryFn: async () => json<SecurityOverview>(await apiRequest('GET', SECURITY_URL)),
  });
}

export function useSecurity() {
  return useQuery(getSecurityQueryOptions());
}

/**
 * One mutation that refreshes the overview after it (the events list changes with every call).
 * A change the server refuses for want of a step-up prompts for it and runs again (decision 036).
 */
function useSecurityMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  const requestStepUp = useRequestStepUp();
  return useMutation({
    mutationFn: (vars: TVars) => withStepUp(requestStepUp, () => fn(vars)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [SECURITY_URL] }),
        queryClient.invalidateQueries({ queryKey: [SESSIONS_URL] }),
      ]),
  });
}

/** Registers a passkey: options, the browser's ceremony, then verification. @returns new recovery codes (first factor only). */
export async function addPasskey(name: string): Promise<string[]> {
  const optionsJSON = await json<Parameters<typeof startRegistration>[0]['optionsJSON']>(
    await apiRequest('POST', `${SECURITY_URL}/passkeys/options`),
  );
  const response = await startRegistration({ optionsJSON });
  const res = await apiRequest('POST', `${SECURITY_URL}/passkeys`, { name, response });
  return (await json<{ recoveryCodes: string[] }>(res)).recoveryCodes;
}

export const useAddPasskey = () => useSecurityMutation(addPasskey);
export const useRenamePasskey = () =>
  useSecurityMutation(async ({ id, name }: { id: number; name: string }) => {
    await apiRequest('PATCH', `${SECURITY_URL}/passkeys/${id}`, { name });
  });
export const useRemovePasskey = () =>
  useSecurityMutation(async (id: number) => {
    await apiRequest('DELETE', `${SECURITY_URL}/passkeys/${id}`);
  });

export interface TotpEnrolment {
  secret: string;
  uri: string;
  qrCode: string;
}
export const useStartTotp = () =>
  useSecurityMutation(async () => json<TotpEnrolment>(await apiRequest('POST', `${SECURITY_URL}/totp`)));
export const useConfirmTotp = () =>
  useSecurityMutation(
    async (code: string) =>
      (
        await json<{ recoveryCodes: string[] }>(
          await apiRequest('POST', `${SECURITY_URL}/totp/confirm`, { code }),
        )
      ).recoveryCodes,
  );
export const useRemoveTotp = () =>
  useSecurityMutation(async () => {
    await apiRequest('DELETE', `${SECURITY_URL}/totp`);
  });
export const useNewRecoveryCodes = () =>
  useSecurityMutation(
    async () =>
      (await json<{ recoveryCodes: string[] }>(await apiRequest('POST', `${SECURITY_URL}/recovery-codes`)))
        .recoveryCodes,
  );

/** Runs a passkey assertion: options from `optionsUrl`, the browser's ceremony, the answer to `verifyUrl`. */
export async function provePasskey(optionsUrl: string, verifyUrl: string): Promise<void> {
  const optionsJSON = await json<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    await apiRequest('POST', optionsUrl),
  );
  const response = await startAuthentication({ optionsJSON });
  await apiRequest('POST', verifyUrl, { response });
}

/** The ways to finish a sign-in or confirm for the vault: one URL set each. */
export const secondFactorEndpoints = {
  login: {
    passkeyOptions: '/api/admin/login/passkey/options',
    passkey: '/api/admin/login/passkey',
    totp: '/api/admin/login/totp',
    recovery: '/api/admin/login/recovery' as string | null,
  },
  vault: {
    passkeyOptions: `${SECURITY_URL}/step-up/passkey/options`,
    passkey: `${SECURITY_URL}/step-up/passkey`,
    totp: `${SECURITY_URL}/step-up/totp`,
    recovery: null as string | null,
  },
};
export type SecondFactorEndpoints = (typeof secondFactorEndpoints)['login'];
