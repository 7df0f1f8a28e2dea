import { startAuthentication } from '@simplewebauthn/browser';
import * as React from 'react';
import type { StepUpRequest } from '@/shared/security';
import { apiRequest, getApiErrorStatus } from '@/web/lib/api';

/**
 * The step-up before a change of sign-in factors (decision 036): the server answers such a change
 * 403 `details.stepUp` unless the session re-entered the password and a factor within 5 minutes.
 * The Security screen then asks for them (`StepUpDialog`) and repeats the change once.
 */

const STEP_UP_URL = '/api/admin/security/step-up';
const PASSKEY_OPTIONS_URL = '/api/admin/security/step-up/passkey/options';

/** True when `error` (from `apiRequest`) is the server asking for a step-up. */
export function isStepUpRequired(error: unknown): boolean {
  if (getApiErrorStatus(error) !== 403 || !(error instanceof Error)) return false;
  const start = error.message.indexOf('{');
  try {
    const body = JSON.parse(error.message.slice(start)) as { details?: { stepUp?: unknown } };
    return body.details?.stepUp === true;
  } catch {
    return false;
  }
}

/** The error a step-up prompt rejects with when the owner closes it: nothing to report. */
export class StepUpCancelled extends Error {
  constructor() {
    super('Step-up cancelled');
    this.name = 'StepUpCancelled';
  }
}

/** Sends the password with a code (authenticator or recovery), or with a passkey's answer. */
export async function stepUp(input: { password: string; code?: string; passkey?: boolean }): Promise<void> {
  const body: StepUpRequest = { password: input.password };
  if (input.code) body.code = input.code;
  if (input.passkey) {
    const res = await apiRequest('POST', PASSKEY_OPTIONS_URL);
    const optionsJSON = (await res.json()) as Parameters<typeof startAuthentication>[0]['optionsJSON'];
    body.passkey = (await startAuthentication({ optionsJSON })) as StepUpRequest['passkey'];
  }
  await apiRequest('POST', STEP_UP_URL, body);
}

/** Opens the step-up prompt; resolves once the server accepted a step-up, rejects `StepUpCancelled`. */
export type RequestStepUp = () => Promise<void>;

export const StepUpContext = React.createContext<RequestStepUp>(() => Promise.reject(new StepUpCancelled()));

/** The prompt of the nearest `StepUpDialog` provider. */
export const useRequestStepUp = () => React.useContext(StepUpContext);

/**
 * Runs `fn`; when the server asks for a step-up, prompts for it and runs `fn` once more.
 * @throws whatever `fn` throws, or `StepUpCancelled`.
 */
export async function withStepUp<T>(requestStepUp: RequestStepUp, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (!isStepUpRequired(error)) throw error;
    await requestStepUp();
    return fn();
  }
}
