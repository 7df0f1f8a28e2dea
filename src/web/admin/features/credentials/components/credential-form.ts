import type { z } from 'zod';
import type { Credential, credentialCreateSchema } from '@/shared/credentials';

/** What the credential forms hold: every field as text (blank when the credential has none). */
export type CredentialFormValues = z.input<typeof credentialCreateSchema>;

/** The blank form of 'Add Credential'. */
export const emptyCredentialForm = {
  companyName: '',
  email: '',
  password: '',
  connectors: '',
  notes: '',
} satisfies CredentialFormValues;

/** A stored credential as form values (nulls become blank fields). */
export function credentialFormValues(credential: Credential): CredentialFormValues {
  return {
    companyName: credential.companyName,
    email: credential.email ?? '',
    password: credential.password ?? '',
    connectors: credential.connectors ?? '',
    notes: credential.notes ?? '',
  };
}
