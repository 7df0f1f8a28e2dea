import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { WorkerLoop } from '../worker-loop.ts';
import { deleteUnreferencedMedia } from './media-store.ts';

/**
 * Deletes unreferenced site media (media-store.ts `deleteUnreferencedMedia`, decision 070) at
 * start and then every `intervalMs` (default an hour). The delete is idempotent, so every
 * instance runs it without a claim.
 */
export class MediaCleanupWorker {
  private readonly loop: WorkerLoop;

  constructor(o: { db: Db; log: FastifyBaseLogger; now?: () => Date }) {
    this.loop = new WorkerLoop({
      name: 'site media cleanup',
      log: o.log,
      pass: async () => {
        const deleted = await deleteUnreferencedMedia(o.db, o.now?.() ?? new Date());
        if (deleted > 0) o.log.info({ deleted }, 'unreferenced site media deleted');
        return deleted;
      },
    });
  }

  start(intervalMs = 3_600_000): void {
    this.loop.start(intervalMs);
  }

  /** Stops polling; waits for a pass under way at most `deadlineMs`. */
  stop(deadlineMs = 4000): Promise<boolean> {
    return this.loop.stop(deadlineMs);
  }
}
