import type { ImportMapping, ImportResult } from '@/shared/contact-import';
import { CONTACTS_URL } from './get-contacts';

/** Path of the CSV import (`POST /api/admin/contacts/import`). */
export const IMPORT_URL = `${CONTACTS_URL}/import`;

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
    xhr.open('POST', `${IMPORT_URL}${options.dryRun ? '?dryRun=true' : ''}`);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(JSON.parse(xhr.responseText) as ImportResult);
      else reject(new Error(`${xhr.status}: ${xhr.responseText || xhr.statusText}`));
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.send(form);
  });
}
