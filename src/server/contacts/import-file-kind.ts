/**
 * Whether an import file is CSV text at all, from its first bytes: the magic numbers of what
 * people pick by mistake (a photo, a PDF, an Excel workbook, which is a ZIP archive, an old .xls)
 * and NUL bytes, which text in UTF-8 or a single-byte encoding never holds (UTF-16 does: a UTF-16
 * byte order mark explains them). Signatures: https://en.wikipedia.org/wiki/List_of_file_signatures.
 */

/** What a file looks like by its signature; the words follow 'it looks like'. */
const SIGNATURES: { bytes: number[]; offset?: number; kind: string }[] = [
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], kind: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], kind: 'a JPEG photo' },
  { bytes: [0x47, 0x49, 0x46, 0x38], kind: 'a GIF image' },
  { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], kind: 'a PDF document' },
  // 'ftyp' at offset 4: HEIC photos of phones, MP4 and MOV videos.
  { bytes: [0x66, 0x74, 0x79, 0x70], offset: 4, kind: 'a photo or a video' },
  { bytes: [0x57, 0x45, 0x42, 0x50], offset: 8, kind: 'a WebP image' },
  // OLE2 compound file: Excel 97–2003 (.xls) and Word (.doc).
  { bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], kind: 'an old Excel workbook (.xls)' },
  { bytes: [0x1f, 0x8b], kind: 'a compressed (gzip) file' },
];

const ZIP = [0x50, 0x4b, 0x03, 0x04];

const startsWith = (head: Buffer, bytes: number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);

/**
 * Whether `start` holds NUL bytes as binary files do: two or more, and at least 1 in 100 bytes.
 * A single stray NUL in a text file is one row's fault, which the import lists for that row.
 */
function holdsNulBytes(start: Buffer): boolean {
  let count = 0;
  for (const byte of start) if (byte === 0) count++;
  return count >= 2 && count * 100 >= start.length;
}

/** A ZIP archive's kind from the names of its first entries (Office files are ZIP archives). */
function zipKind(head: Buffer): string {
  const names = head.toString('latin1');
  if (names.includes('xl/')) return 'an Excel workbook';
  if (names.includes('word/')) return 'a Word document';
  if (names.includes('ppt/')) return 'a PowerPoint presentation';
  if (names.includes('opendocument.spreadsheet')) return 'a spreadsheet (.ods)';
  if (names.includes('opendocument.text')) return 'a text document (.odt)';
  if (names.includes('Index/Document.iwa')) return 'a Numbers or Pages file';
  return 'a ZIP archive, such as an Excel workbook';
}

/**
 * What `head` (the file's first bytes: a few KB suffice) looks like when it is not CSV text,
 * e.g. 'an Excel workbook'; null when it may be text.
 */
export function notCsvKind(head: Buffer): string | null {
  if (startsWith(head, ZIP)) return zipKind(head);
  // Text, but contacts as vCards: what 'Export › vCard' of Google Contacts and Apple's Contacts give.
  if (/^(\uFEFF)?\s*BEGIN:VCARD/i.test(head.subarray(0, 64).toString('utf8')))
    return 'a vCard (.vcf) contacts file';
  for (const signature of SIGNATURES) {
    if (startsWith(head, signature.bytes, signature.offset)) return signature.kind;
  }
  const utf16 = startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff]);
  if (!utf16 && holdsNulBytes(head.subarray(0, 1024))) return 'a binary file, not text';
  return null;
}

/**
 * The one-sentence refusal of a file that is not CSV text, with how to make one, or null when
 * `head` may be CSV. The menu paths are Excel's (File › Save As › CSV UTF-8) and Google
 * Contacts' (Export › Google CSV).
 */
export function notCsvMessage(head: Buffer): string | null {
  const kind = notCsvKind(head);
  if (!kind) return null;
  return `This file is not a CSV file (it looks like ${kind}). In Excel choose File › Save As › CSV UTF-8; in Google Contacts choose Export › Google CSV.`;
}
