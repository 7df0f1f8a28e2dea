import fs from 'node:fs';
import path from 'node:path';

/**
 * An exclusive lock on a data folder, held by this process (PGlite itself takes none: two
 * processes opening one folder would corrupt it, decision 004). The lock file holds the owner's PID;
 * a file whose PID is no longer alive (a crash, SIGKILL) is stale and taken over.
 *
 * @returns a function that releases the lock.
 * @throws Error with a message naming the folder and the owner's PID when another live process holds it.
 */
export function acquireLockFile(lockPath: string): () => void {
  const key = path.resolve(lockPath);
  // A PID equal to ours in the file means a previous life of this container (PID 1 again), but a
  // second open inside this very process must still be refused.
  if (heldHere.has(key)) throw inUse(lockPath, process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      heldHere.add(key);
      return () => {
        heldHere.delete(key);
        try {
          if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw inUse(lockPath, owner);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}

const heldHere = new Set<string>();

/** The data folder's lock is held by another live process. */
export class FolderInUseError extends Error {}

function inUse(lockPath: string, owner: number) {
  return new FolderInUseError(
    `The data folder is already in use by another process (PID ${owner}): ${lockPath}. ` +
      'Stop that process, or set DATA_DIR to another folder. Several instances need DATABASE_URL (PostgreSQL).',
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
