import type { ImportMapping, ImportResult } from '@/shared/contact-import';
import { type Answer, urlOf } from '@/web/lib/api-client';

/** Path of the CSV import (`POST /api/admin/contacts/import`). */
export const IMPORT_URL = urlOf('importContacts');

/**
 * Uploads a CSV file to the import: a dry run (`dryRun`, changes nothing) or the import itself.
 * XMLHttpRequest rather than fetch because only it reports upload progress; the server reads the
 * file as it arrives, so the bytes sent are the rows read. `onProgress` gets a fraction 0–1.
 * @throws Error `"<status>: <body>"` as `apiRequest` does (docs/product.md §6.8), e.g. 400 for a file that is
 * not CSV or has no column of addresses.
 */
export function importContacts(options: {
  file: File;
  dryRun: boolean;
  mapping?: ImportMapping;
  consent?: boolean;
  onProgress?: (fraction: number) => void;
}): Promise<ImportResult> {
  const form = new FormData();
  // Fields first: the server reads them before the file's stream.
  if (options.mapping) form.append('mapping', JSON.stringify(options.mapping));
  if (options.consent) form.append('consent', 'true');
  form.append('file', options.file, options.file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', urlOf('importContacts', { query: { dryRun: options.dryRun ? 'true' : undefined } }));
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new Error(`${xhr.status}: ${xhr.responseText || xhr.statusText}`));
        return;
      }
      // Typed by the declaration, not parsed again: the server checked the answer against the
      // declared schema before sending it (as callApi relies on, without loading zod here).
      const result: Answer<'importContacts'> = JSON.parse(xhr.responseText);
      resolve(result);
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.send(form);
  });
}
