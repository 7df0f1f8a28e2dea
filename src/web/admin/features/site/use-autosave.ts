import * as React from 'react';
import type { SiteContent } from '@/shared/site-content';
import { getApiErrorStatus } from '@/web/lib/api';
import { callApi } from '@/web/lib/api-client';

/** How long after the last change the draft is saved (ms). */
export const AUTOSAVE_DELAY_MS = 1000;

/**
 * Where the draft stands: `saved` (the server has it), `unsaved` (waiting for the pause after the
 * last change), `saving`, `invalid` (not sent: fix the fields) or `failed` (the server refused
 * or could not be reached; tried again on the next change or 'Save now').
 */
export type SaveStatus = 'saved' | 'unsaved' | 'saving' | 'invalid' | 'failed';

/** The field errors of a 400 answer (`details.fieldErrors`, dotted paths), if it has them. */
function fieldErrorsOf(error: unknown): Map<string, string> | null {
  if (getApiErrorStatus(error) !== 400 || !(error instanceof Error)) return null;
  try {
    const body = JSON.parse(error.message.slice(error.message.indexOf('{'))) as {
      details?: { fieldErrors?: Record<string, string[]> };
    };
    const entries = Object.entries(body.details?.fieldErrors ?? {}).map(
      ([path, messages]) => [path, messages[0] ?? 'Invalid value.'] as const,
    );
    return entries.length ? new Map(entries) : null;
  } catch {
    return null;
  }
}

/**
 * Saves `doc` to `PUT /api/admin/site/draft` {@link AUTOSAVE_DELAY_MS} after the last change
 * when it passes the schema (decision 069). Saves run one at a time, so an older document never
 * lands after a newer one. `markSaved` tells it a document the server already holds (loaded or
 * restored). `flush` saves at once and answers whether the server now has `doc`.
 */
export function useAutosave(
  doc: SiteContent | undefined,
  valid: boolean,
  onSaved: (answer: { unpublishedChanges: boolean }) => void,
) {
  const [status, setStatus] = React.useState<SaveStatus>('saved');
  const [serverErrors, setServerErrors] = React.useState<ReadonlyMap<string, string>>(new Map());
  const saved = React.useRef<string | undefined>(undefined);
  const latest = React.useRef(doc);
  latest.current = doc;
  const chain = React.useRef<Promise<boolean>>(Promise.resolve(true));
  const onSavedRef = React.useRef(onSaved);
  onSavedRef.current = onSaved;

  const save = React.useCallback((target: SiteContent): Promise<boolean> => {
    const run = async () => {
      const json = JSON.stringify(target);
      if (json === saved.current) return true;
      setStatus('saving');
      try {
        const answer = await callApi('saveSiteDraft', { body: target });
        saved.current = json;
        setServerErrors(new Map());
        onSavedRef.current(answer);
        setStatus(JSON.stringify(latest.current) === json ? 'saved' : 'unsaved');
        return true;
      } catch (error) {
        setServerErrors(fieldErrorsOf(error) ?? new Map());
        setStatus('failed');
        return false;
      }
    };
    chain.current = chain.current.then(run, run);
    return chain.current;
  }, []);

  React.useEffect(() => {
    if (!doc) return;
    if (JSON.stringify(doc) === saved.current) {
      setStatus((s) => (s === 'saving' ? s : 'saved'));
      return;
    }
    if (!valid) {
      setStatus('invalid');
      return;
    }
    setStatus((s) => (s === 'saving' ? s : 'unsaved'));
    const timer = window.setTimeout(() => void save(doc), AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [doc, valid, save]);

  const markSaved = React.useCallback((held: SiteContent) => {
    saved.current = JSON.stringify(held);
    setServerErrors(new Map());
    setStatus('saved');
  }, []);

  const flush = React.useCallback(async (): Promise<boolean> => {
    const current = latest.current;
    if (!current) return false;
    if (!valid) return false;
    if (JSON.stringify(current) === saved.current) {
      await chain.current;
      return JSON.stringify(current) === saved.current;
    }
    return save(current);
  }, [save, valid]);

  return { status, serverErrors, markSaved, flush };
}
