import fs from 'node:fs';
import type { ImportEncoding } from '../../shared/contact-import.ts';
import { DomainError } from '../domain-error.ts';

/**
 * How an uploaded CSV file's bytes become text (decision 059): a byte order mark decides
 * (UTF-8, UTF-16 LE or BE); without one the file is UTF-8 when every byte sequence is valid UTF-8,
 * else Windows-1252 (what Excel on Windows writes as 'CSV (Comma delimited)'), decoded by the
 * WHATWG decoder built into Node. A file that is neither (bytes Windows-1252 leaves undefined, as
 * in binary files or other code pages' text) is refused: guessing would store mojibake in contacts.
 */

/** The encoding found and the decoder label that reads it (BOM stripped by the decoder). */
export interface DetectedEncoding {
  /** What the import's answer reports. */
  name: ImportEncoding;
  /** WHATWG label for TextDecoder. */
  label: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
}

/** Bytes Windows-1252 does not define (the WHATWG decoder maps them to C1 controls). */
const UNDEFINED_IN_1252 = [0x81, 0x8d, 0x8f, 0x90, 0x9d];

const CHUNK = 256 * 1024;

/**
 * Reads `file` once to find its encoding (streamed; memory stays at one chunk).
 * @throws DomainError `invalid` when the file is neither UTF-8, UTF-16 with a BOM nor Windows-1252.
 */
export async function detectEncoding(file: string): Promise<DetectedEncoding> {
  const head = Buffer.alloc(3);
  const handle = await fs.promises.open(file, 'r');
  try {
    await handle.read(head, 0, 3, 0);
  } finally {
    await handle.close();
  }
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { name: 'utf-8', label: 'utf-8' };
  if (head[0] === 0xff && head[1] === 0xfe) return { name: 'utf-16', label: 'utf-16le' };
  if (head[0] === 0xfe && head[1] === 0xff) return { name: 'utf-16', label: 'utf-16be' };

  if (await isUtf8(file)) return { name: 'utf-8', label: 'utf-8' };
  let fits1252 = true;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: CHUNK }) as AsyncIterable<Buffer>) {
    if (UNDEFINED_IN_1252.some((byte) => chunk.includes(byte))) {
      fits1252 = false;
      break;
    }
  }
  if (fits1252) return { name: 'windows-1252', label: 'windows-1252' };
  throw new DomainError(
    'invalid',
    "The file's text is neither UTF-8 nor Windows-1252: save it from the spreadsheet as 'CSV UTF-8' and import it again.",
  );
}

/** Whether every byte sequence of `file` is valid UTF-8 (a sequence cut at the end is not). */
async function isUtf8(file: string): Promise<boolean> {
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of fs.createReadStream(file, { highWaterMark: CHUNK }) as AsyncIterable<Buffer>)
      utf8.decode(chunk, { stream: true });
    utf8.decode();
    return true;
  } catch {
    return false;
  }
}

/** The file's text in chunks, decoded as `encoding` (the BOM dropped). */
export async function* decodedText(file: string, encoding: DetectedEncoding): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding.label);
  for await (const chunk of fs.createReadStream(file, { highWaterMark: CHUNK }) as AsyncIterable<Buffer>) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}
