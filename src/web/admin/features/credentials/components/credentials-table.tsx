import type { Credential } from '@/shared/credentials';
import { CredentialRow } from './credential-row';

const headers = ['Company', 'Email', 'Password', 'Connectors', 'Notes'] as const;

/**
 * The unlocked credentials table (spec §2 credentials): Company, Email, Password, Connectors,
 * Notes, Actions. On narrow screens the table keeps its columns and scrolls sideways inside its
 * frame, with the company column pinned so each row stays recognisable.
 */
export function CredentialsTable({ credentials, password }: { credentials: Credential[]; password: string }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-white/10 bg-card/80 shadow-xl shadow-black/20">
      <table className="w-full min-w-[60rem] table-fixed border-collapse text-sm">
        <caption className="sr-only">Stored credentials</caption>
        <colgroup>
          <col className="w-[15%]" />
          <col className="w-[20%]" />
          <col className="w-[17%]" />
          <col className="w-[22%]" />
          <col className="w-[16%]" />
          <col className="w-[10%]" />
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
  );
}
