import { startAuthentication } from '@simplewebauthn/browser';
import { createContext, useContext } from 'react';
import { getApiErrorStatus } from '@/web/lib/api';
import { type CallInput, callApi } from '@/web/lib/api-client';
import { toWebAuthnAnswer } from './security-api';

/**
 * The step-up before a change of sign-in factors (decision 036): the server answers such a change
 * 403 `details.stepUp` unless the session re-entered the password and a factor within 5 minutes.
 * The Security screen then asks for them (`StepUpDialog`) and repeats the change once.
 */

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
  const body: CallInput<'stepUp'>['body'] = { password: input.password };
  if (input.code) body.code = input.code;
  if (input.passkey) {
    const optionsJSON = await callApi('getStepUpPasskeyOptions');
    body.passkey = toWebAuthnAnswer(await startAuthentication({ optionsJSON }));
  }
  await callApi('stepUp', { body });
}

/** Opens the step-up prompt; resolves once the server accepted a step-up, rejects `StepUpCancelled`. */
export type RequestStepUp = () => Promise<void>;

export const StepUpContext = createContext<RequestStepUp>(() => Promise.reject(new StepUpCancelled()));

/** The prompt of the nearest `StepUpDialog` provider. */
export const useRequestStepUp = () => useContext(StepUpContext);

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
