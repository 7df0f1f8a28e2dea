import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endOtherSessions } from '../../auth/end-other-sessions.ts';
import { requireStepUp } from '../../auth/require-step-up.ts';
import { HttpError } from '../../http-error.ts';
import { notifyOwner } from './security-login.ts';

const READ_ONLY = 'Demo mode: the Security screen is read-only.';

/**
 * The checks every Security-screen change shares (decisions 036, 061): demo mode is read-only,
 * a change of sign-in factors or signing other sessions out needs a step-up within 5 minutes, and
 * after a factor changed every other browser is signed out and the owner is emailed.
 */
export function securityGuards(app: FastifyInstance) {
  const writable = () => {
    if (app.config.demoMode) throw new HttpError(409, READ_ONLY);
  };
  const sessionOf = async (request: FastifyRequest) => (await request.adminSession())!;
  /**
   * A change of sign-in factors, or signing other sessions out: writable, and stepped up within 5
   * minutes (decisions 036, 061).
   */
  const changingFactors = async (request: FastifyRequest) => {
    writable();
    const session = await sessionOf(request);
    requireStepUp({ session });
    return session;
  };
  /** After a factor changed: every other browser is signed out and the owner is emailed (decision 036). */
  const endOthers = async (request: FastifyRequest, sessionId: number, change: string) => {
    const ended = await endOtherSessions({ db: app.db, keepSessionId: sessionId });
    if (ended > 0) request.log.info({ ended }, 'other admin sessions ended after a factor change');
    await notifyOwner(app, request, { kind: 'factor-change', change });
  };
  return { writable, sessionOf, changingFactors, endOthers };
}
