import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http-error.ts';

/**
 * Receives an import's multipart upload whole into a private temporary file before anything
 * touches the database (decision 059): a slow, stalled or abandoned upload then holds no
 * transaction and no lock, and a file over the limit or a body that is not a complete multipart
 * form is refused before a row is written. The file is `<dir>/import-<pid>-<uuid>.csv`, mode 0600
 * in a 0700 folder; `remove()` deletes it, and the files of a process that died are deleted at
 * the next start (`removeStaleUploads`).
 */

export interface ImportUploadLimits {
  /** Folder of the temporary files (DATA_DIR/tmp). */
  dir: string;
  /** Largest file taken (bytes). */
  maxBytes: number;
  /** An upload that sends no byte for this long is abandoned with 408 (ms). */
  idleMs: number;
}

export interface ReceivedUpload {
  /** The temporary file holding the `file` part's bytes. */
  path: string;
  /** The name the browser gave, control characters removed, at most 200 characters ('file' if none). */
  filename: string;
  /** The text fields sent before or after the file (`mapping`, `consent`). */
  fields: Record<string, string>;
  /** Deletes the file; safe to call twice. */
  remove(): Promise<void>;
}

/** The limit in words, for the 413 answer. */
export function tooLargeMessage(maxBytes: number): string {
  return `The file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB: split it into smaller files and import each.`;
}

const NOT_MULTIPART = 'The upload is not a complete multipart/form-data body: send the file again.';

/** Thrown into the streams when the upload stalls, so every one of them ends. */
class StalledError extends Error {}

/**
 * Reads the request's parts: text fields into `fields`, the part named `file` into a new temporary
 * file, any other file part discarded.
 * @throws HttpError 400 (compressed or malformed body, no `file` part), 408 (no byte for
 *   `idleMs`), 413 (file over `maxBytes`). An aborted upload throws too (its answer reaches no one);
 *   in every case the temporary file is gone.
 */
export async function receiveImportUpload(
  request: FastifyRequest,
  limits: ImportUploadLimits,
): Promise<ReceivedUpload> {
  const encoding = request.headers['content-encoding'];
  if (encoding && encoding.toLowerCase() !== 'identity') {
    throw new HttpError(
      400,
      `The upload is compressed (Content-Encoding: ${encoding.slice(0, 20)}): send the file uncompressed.`,
      undefined,
      { connection: 'close' },
    );
  }
  // Refused before a byte is read when the declared length says so (room left for the form's own lines).
  const declared = Number(request.headers['content-length']);
  if (declared > limits.maxBytes + 1024 * 1024) {
    throw new HttpError(413, tooLargeMessage(limits.maxBytes), undefined, { connection: 'close' });
  }

  fs.mkdirSync(limits.dir, { recursive: true, mode: 0o700 });
  const file = path.join(limits.dir, `import-${process.pid}-${randomUUID()}.csv`);
  const remove = () => fs.promises.rm(file, { force: true });
  const raw = request.raw;
  let stalled = false;
  let current: { destroy(error: Error): void } | null = null;
  let onStop: (error: HttpError) => void = () => {};
  const stopped = new Promise<never>((_, reject) => {
    onStop = reject;
  });
  stopped.catch(() => {});
  // Ends the receiving with `error` whatever it is waiting for (a part, the file's next bytes).
  const stop = (error: HttpError) => {
    current?.destroy(new StalledError());
    onStop(error);
  };
  const timer = setTimeout(() => {
    stalled = true;
    stop(
      new HttpError(
        408,
        `The upload stopped: no data for ${Math.round(limits.idleMs / 1000)} s. Nothing was imported.`,
        undefined,
        { connection: 'close' },
      ),
    );
  }, limits.idleMs);
  let received = 0;
  const onData = (chunk: Buffer) => {
    timer.refresh();
    received += chunk.length;
    // A body without a declared length keeps going past the limit: the multipart parser would
    // discard the rest, but not for ever.
    if (received > limits.maxBytes + 16 * 1024 * 1024)
      stop(new HttpError(413, tooLargeMessage(limits.maxBytes), undefined, { connection: 'close' }));
  };
  raw.on('data', onData);

  const receive = async (): Promise<ReceivedUpload> => {
    const fields: Record<string, string> = {};
    let filename: string | null = null;
    let truncated = false;
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || filename !== null) {
        part.file.resume();
        continue;
      }
      filename =
        [...part.filename]
          // Control characters would break the stored consent line.
          .filter((c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) !== 127)
          .join('')
          .slice(0, 200) || 'file';
      current = part.file;
      // 'wx': a new file only, never one that happens to exist.
      await pipeline(part.file, fs.createWriteStream(file, { flags: 'wx', mode: 0o600 }));
      current = null;
      truncated = part.file.truncated;
    }
    // The iteration above ran to the body's end, so a limit or a cut-off body has surfaced.
    if (truncated) throw new HttpError(413, tooLargeMessage(limits.maxBytes));
    if (filename === null) throw new HttpError(400, 'No file: send the CSV as the multipart field `file`.');
    return { path: file, filename, fields, remove };
  };

  let abandoned = false;
  const receiving = receive().then(
    async (upload) => {
      // Stopped meanwhile: the answer has gone, the file must too.
      if (abandoned) await remove();
      return upload;
    },
    async (error: unknown) => {
      await remove();
      throw error;
    },
  );
  receiving.catch(() => {});
  try {
    return await Promise.race([receiving, stopped]);
  } catch (error) {
    abandoned = true;
    await remove();
    throw uploadError(error, stalled, limits.maxBytes);
  } finally {
    clearTimeout(timer);
    raw.off('data', onData);
  }
}

/** The answer for what went wrong while receiving. */
function uploadError(error: unknown, stalled: boolean, maxBytes: number): unknown {
  if (error instanceof HttpError) return error;
  if (stalled || error instanceof StalledError) {
    return new HttpError(408, 'The upload stopped sending data. Nothing was imported.', undefined, {
      connection: 'close',
    });
  }
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, tooLargeMessage(maxBytes));
  // The multipart plugin's own limits (parts, fields, a field's size) and a bad JSON field
  // carry their status already; a busboy error or a cut-off body carries none.
  if (typeof (error as { statusCode?: unknown }).statusCode === 'number' && code !== 'FST_MP_PREMATURE_CLOSE')
    return error;
  return new HttpError(400, NOT_MULTIPART);
}

/**
 * Deletes temporary import files left by processes that no longer run (a crash or SIGKILL during
 * an upload), and this process id's own (a container restarted with the same pid). Called at start.
 */
export function removeStaleUploads(dir: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const match = /^import-(\d+)-[0-9a-f-]+\.csv$/.exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    if (pid !== process.pid && alive(pid)) continue;
    fs.rmSync(path.join(dir, name), { force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
