import * as React from 'react';
import type { z } from 'zod';
import { Checkbox } from '@/web/components/ui/checkbox';
import { FieldError } from '@/web/components/ui/field-error';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { NativeSelect } from '@/web/components/ui/native-select';
import { Textarea } from '@/web/components/ui/textarea';
import { ChangeContext, fieldId, useFieldError } from './editor-context';
import { fieldLabel, itemName } from './labels';
import { MediaField } from './media-field';
import { fieldNode, join, unwrap } from './schema-walk';
import { SortableList } from './sortable-list';

/** Words for the choices of the fixed lists (icons are named by their own ids). */
const OPTION_LABELS: Record<string, string> = { cyan: 'Cyan', magenta: 'Magenta', blue: 'Blue' };

/**
 * One field of the content document, drawn from its schema (decision 069): a text input or area,
 * a media reference with 'Upload', a choice, a number, a checkbox, a group of fields or a list
 * that can be added to, removed from and reordered. Memoised: a part whose value did not change
 * (the document is changed by copying only the objects on the way) is not drawn again.
 */
export const Field = React.memo(function Field({
  path,
  name,
  schema,
  value,
  label,
}: {
  /** Dotted path in the document: `testimonials.2.name`. */
  path: string;
  /** The label, when not the key's own ('Point 2' for an item of a list of texts). */
  label?: string;
  /** The field's key in its object, or the list's key for an item. */
  name: string;
  schema: z.ZodType;
  value: unknown;
}) {
  const { inner, optional } = unwrap(schema);
  const node = fieldNode(inner, name);
  switch (node.kind) {
    case 'object':
      return (
        <Fieldset legend={fieldLabel(name)}>
          <ObjectFields path={path} shape={node.shape} value={value as Record<string, unknown>} />
        </Fieldset>
      );
    case 'tuple':
      return (
        <Fieldset legend={fieldLabel(name)}>
          {node.items.map((item, index) => {
            const itemNode = fieldNode(unwrap(item).inner, name);
            return itemNode.kind === 'object' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: a tuple's places are fixed.
              <Fieldset key={index} legend={`${itemName(name)} ${index + 1}`}>
                <ObjectFields
                  path={join(path, index)}
                  shape={itemNode.shape}
                  value={(value as Record<string, unknown>[])[index] ?? {}}
                />
              </Fieldset>
            ) : null;
          })}
        </Fieldset>
      );
    case 'array':
      return (
        <SortableList
          path={path}
          name={name}
          element={node.element}
          min={node.min}
          max={node.max}
          values={(value as unknown[] | undefined) ?? []}
        />
      );
    case 'literal':
      return null;
    default:
      return (
        <ValueField
          path={path}
          label={`${label ?? fieldLabel(name)}${optional ? ' (optional)' : ''}`}
          node={node}
          optional={optional}
          value={value}
        />
      );
  }
});

/** The fields of an object, in the schema's order. */
export function ObjectFields({
  path,
  shape,
  value,
}: {
  path: string;
  shape: Record<string, z.ZodType>;
  value: Record<string, unknown>;
}) {
  return (
    <div className="grid gap-4">
      {Object.entries(shape).map(([key, child]) => (
        <Field key={key} path={join(path, key)} name={key} schema={child} value={value?.[key]} />
      ))}
    </div>
  );
}

function Fieldset({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-4 rounded-xl border border-border/70 p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}

type LeafNode = Exclude<ReturnType<typeof fieldNode>, { kind: 'object' | 'array' | 'tuple' | 'literal' }>;

/** A text, media, choice, number or checkbox field with its label and error line. */
function ValueField({
  path,
  label,
  node,
  optional,
  value,
}: {
  path: string;
  label: string;
  node: LeafNode;
  optional: boolean;
  value: unknown;
}) {
  const onChange = React.useContext(ChangeContext);
  const error = useFieldError(path);
  const id = fieldId(path);
  const errorId = `${id}-error`;
  const control = {
    id,
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  const setText = (text: string) => onChange(path, optional && text === '' ? undefined : text);

  if (node.kind === 'boolean')
    return (
      <div className="grid gap-1">
        <div className="flex items-center gap-2">
          <Checkbox
            {...control}
            checked={value === true}
            onChange={(e) => onChange(path, e.target.checked)}
          />
          <Label htmlFor={id}>{label}</Label>
        </div>
        <FieldError id={errorId}>{error}</FieldError>
      </div>
    );

  let input: React.ReactNode;
  if (node.kind === 'enum')
    input = (
      <NativeSelect {...control} value={String(value ?? '')} onChange={(e) => onChange(path, e.target.value)}>
        {node.options.map((option) => (
          <option key={option} value={option}>
            {OPTION_LABELS[option] ?? option}
          </option>
        ))}
      </NativeSelect>
    );
  else if (node.kind === 'number')
    input = (
      <Input
        {...control}
        type="number"
        inputMode="numeric"
        min={node.min}
        max={node.max}
        step={1}
        className="max-w-40"
        value={typeof value === 'number' ? value : ''}
        onChange={(e) => onChange(path, e.target.value === '' ? undefined : Number(e.target.value))}
      />
    );
  else if (node.media)
    return (
      <MediaField
        control={control}
        label={label}
        error={error}
        value={typeof value === 'string' ? value : ''}
        onChange={setText}
        // A project's uploaded video brings its poster (the first frame, or the one sent with it).
        onUploaded={(answer) => {
          if (answer.poster && /\.video\.(mp4|webm)$/.test(path))
            onChange(path.replace(/\.(mp4|webm)$/, '.poster'), answer.poster.url);
        }}
      />
    );
  else if (node.multiline)
    input = (
      <Textarea
        {...control}
        rows={3}
        maxLength={node.max}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => setText(e.target.value)}
        dir="auto"
      />
    );
  else
    input = (
      <Input
        {...control}
        maxLength={node.max}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => setText(e.target.value)}
        dir="auto"
      />
    );
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={id}>{label}</Label>
      {input}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
