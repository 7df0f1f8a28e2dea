import type { Credential } from '@/shared/credentials';
import { CredentialCard } from './credential-card';
import { CredentialRow } from './credential-row';

const headers = ['Company', 'Email', 'Password', 'Connectors', 'Notes'] as const;

/**
 * The unlocked credentials (docs/product.md §9.1): from `md` up a table with the columns Company,
 * Email, Password, Connectors, Notes, Actions (it scrolls sideways in its frame if it ever gets
 * too narrow); below `md` one card per credential. The layout not in use is `display: none`, so
 * assistive technology meets each credential once.
 */
export function CredentialsTable({ credentials, password }: { credentials: Credential[]; password: string }) {
  return (
    <>
      <ul className="grid gap-4 md:hidden" aria-label="Stored credentials">
        {credentials.map((credential) => (
          <li key={credential.id}>
            <CredentialCard credential={credential} password={password} />
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-2xl border border-white/10 bg-card/80 shadow-xl shadow-black/20 md:block">
        <table className="w-full min-w-[44rem] table-fixed border-collapse text-sm">
          <caption className="sr-only">Stored credentials</caption>
          <colgroup>
            <col className="w-[15%]" />
            <col className="w-[26%]" />
            <col className="w-[16%]" />
            <col className="w-[19%]" />
            <col className="w-[15%]" />
            <col className="w-[9%]" />
          </colgroup>
          <thead>
            <tr className="text-left text-xs uppercase tracking-wide text-muted-foreground">
              {headers.map((header) => (
                <th key={header} scope="col" className="px-3 py-3 font-medium">
                  {header}
                </th>
              ))}
              <th scope="col" className="px-3 py-3 text-right font-medium">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {credentials.map((credential) => (
              <CredentialRow key={credential.id} credential={credential} password={password} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
