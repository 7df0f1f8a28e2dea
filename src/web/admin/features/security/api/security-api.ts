import {
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { webAuthnResponseSchema } from '@/shared/security';
import { callApi, urlOf } from '@/web/lib/api-client';
import { useRequestStepUp, withStepUp } from './step-up';

/**
 * The Security screen's calls (`/api/admin/security…`) and the second sign-in step
 * (`/api/admin/login/…`). Passkey ceremonies run through @simplewebauthn/browser: the server's
 * options in, the browser's answer out.
 */

export const SECURITY_URL = urlOf('getSecurityOverview');
/** The sessions list (features/security/api/sessions.ts); a factor change ends other sessions. */
export const SESSIONS_URL = urlOf('listSessions');

/** Query options of the overview (factors, recovery codes left, latest sign-in events). */
export function getSecurityQueryOptions() {
  return queryOptions({ queryKey: [SECURITY_URL], queryFn: () => callApi('getSecurityOverview') });
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
  const optionsJSON = await callApi('getPasskeyRegistrationOptions');
  const response = await startRegistration({ optionsJSON });
  return (await callApi('registerPasskey', { body: { name, response: toWebAuthnAnswer(response) } }))
    .recoveryCodes;
}

export const useAddPasskey = () => useSecurityMutation(addPasskey);
export const useRenamePasskey = () =>
  useSecurityMutation(({ id, name }: { id: number; name: string }) =>
    callApi('renamePasskey', { params: { id }, body: { name } }),
  );
export const useRemovePasskey = () =>
  useSecurityMutation((id: number) => callApi('removePasskey', { params: { id } }));

export const useStartTotp = () => useSecurityMutation(() => callApi('enrolTotp'));
export const useConfirmTotp = () =>
  useSecurityMutation(
    async (code: string) => (await callApi('confirmTotp', { body: { code } })).recoveryCodes,
  );
export const useRemoveTotp = () => useSecurityMutation(() => callApi('removeTotp'));
export const useNewRecoveryCodes = () =>
  useSecurityMutation(async () => (await callApi('replaceRecoveryCodes')).recoveryCodes);

/** The endpoints that finish a sign-in, or confirm for the vault, with each kind of factor. */
export interface SecondFactorEndpoints {
  passkeyOptions: 'getPasskeyLoginOptions' | 'getStepUpPasskeyOptions';
  passkey: 'loginWithPasskey' | 'stepUpWithPasskey';
  totp: 'loginWithTotp' | 'stepUpWithTotp';
  /** Only the sign-in takes a recovery code. */
  recovery: 'loginWithRecoveryCode' | null;
}

/** The ways to finish a sign-in or confirm for the vault: one endpoint set each. */
export const secondFactorEndpoints = {
  login: {
    passkeyOptions: 'getPasskeyLoginOptions',
    passkey: 'loginWithPasskey',
    totp: 'loginWithTotp',
    recovery: 'loginWithRecoveryCode',
  },
  vault: {
    passkeyOptions: 'getStepUpPasskeyOptions',
    passkey: 'stepUpWithPasskey',
    totp: 'stepUpWithTotp',
    recovery: null,
  },
} satisfies Record<string, SecondFactorEndpoints>;

/** Runs a passkey assertion: options from one endpoint, the browser's ceremony, the answer to the other. */
export async function provePasskey({ passkeyOptions, passkey }: SecondFactorEndpoints): Promise<void> {
  const optionsJSON = await callApi(passkeyOptions);
  const response = await startAuthentication({ optionsJSON });
  await callApi(passkey, { body: { response: toWebAuthnAnswer(response) } });
}

/**
 * The authenticator's answer as the request body takes it (`webAuthnResponseSchema`): plain
 * copies of its objects, because the library's types are interfaces, which lack the index
 * signature of the schema's open objects (the server keeps fields it does not name, for the
 * WebAuthn library to read).
 */
export function toWebAuthnAnswer(
  answer: RegistrationResponseJSON | AuthenticationResponseJSON,
): z.input<typeof webAuthnResponseSchema> {
  return {
    ...answer,
    response: { ...answer.response },
    clientExtensionResults: { ...answer.clientExtensionResults },
  };
}
