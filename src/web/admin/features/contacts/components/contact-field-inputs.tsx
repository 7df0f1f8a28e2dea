import type { UseFormRegisterReturn } from 'react-hook-form';
import { type EditableContactFieldKey, editableContactFields } from '@/shared/contact-fields';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';

/**
 * The inputs of the contact's editable fields (src/shared/contact-fields.ts), shared by Add
 * Contact and Edit, so both show the same labels, types and checks. `dir="auto"`: a name typed
 * right to left shows as typed.
 */
export function ContactFieldInputs({
  idPrefix,
  register,
  errors,
}: {
  idPrefix: string;
  register: (key: EditableContactFieldKey) => UseFormRegisterReturn;
  errors: Partial<Record<EditableContactFieldKey, { message?: string } | undefined>>;
}) {
  return editableContactFields.map((field) => (
    <FormField
      key={field.key}
      id={`${idPrefix}-${field.key}`}
      label={field.required ? `${field.label} *` : field.label}
      error={errors[field.key]?.message}
    >
      {(control) => (
        <Input
          type={field.input === 'textarea' ? 'text' : field.input}
          autoComplete="off"
          dir="auto"
          required={field.required}
          {...control}
          {...register(field.key)}
        />
      )}
    </FormField>
  ));
}
