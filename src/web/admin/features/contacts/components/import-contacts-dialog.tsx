import { useQueryClient } from '@tanstack/react-query';
import { ChevronRight, Upload } from 'lucide-react';
import * as React from 'react';
import {
  type ImportField,
  type ImportMapping,
  type ImportResult,
  importFieldLabels,
  importFields,
  importFormatLabels,
} from '@/shared/contact-import';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { NativeSelect } from '@/web/components/ui/native-select';
import { Progress } from '@/web/components/ui/progress';
import { toast } from '@/web/hooks/use-toast';
import { getApiErrorMessage } from '@/web/lib/api';
import { toastFailure } from '@/web/lib/toast-failure';
import { FormDialog } from '../../../components/form-dialog';
import { getAnalyticsQueryOptions } from '../../analytics';
import { CONTACTS_URL } from '../api/get-contacts';
import { importContacts } from '../api/import-contacts';

/** Invalid rows shown in the preview (the answer lists up to 1,000). */
const INVALID_SHOWN = 50;

/**
 * 'Import CSV' on /admin/contacts. Choosing a file runs a dry run, shown in the order the owner
 * needs it: the export recognised ('Recognised: Google Contacts export'), the rows to create, the
 * rows that match a contact by address (merge: empty fields filled, tags added, nothing
 * overwritten), the invalid rows with row number and reason, consent and the Import button; then
 * the columns that fill a field (guessed, changeable: each change runs the dry run again), with
 * the ignored ones folded under 'N other columns ignored' (an export has dozens). 'These people
 * agreed to receive email from us' is off by default: without it imported people get no
 * campaigns. 'Import' then uploads the file for real with a progress bar.
 */
export function ImportContactsDialog() {
  const id = React.useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = React.useState(false);
  const [file, setFile] = React.useState<File | null>(null);
  const [mapping, setMapping] = React.useState<ImportMapping | undefined>();
  const [preview, setPreview] = React.useState<ImportResult | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const [consent, setConsent] = React.useState(false);
  const [checking, setChecking] = React.useState(false);
  const [progress, setProgress] = React.useState<number | null>(null);
  /** Headers mapped by the file's first reading: shown; the others stay folded even once mapped. */
  const [shown, setShown] = React.useState<Set<string> | null>(null);

  const reset = () => {
    setFile(null);
    setMapping(undefined);
    setPreview(null);
    setError(null);
    setConsent(false);
    setChecking(false);
    setProgress(null);
    setShown(null);
  };
  const onOpenChange = (next: boolean) => {
    if (progress !== null) return;
    setOpen(next);
    if (!next) reset();
  };

  const dryRun = async (chosen: File, nextMapping?: ImportMapping) => {
    setChecking(true);
    setError(null);
    try {
      const result = await importContacts({ file: chosen, dryRun: true, mapping: nextMapping });
      setPreview(result);
      setMapping(result.mapping);
      setShown(
        (current) =>
          current ??
          new Set(result.headers.filter((header) => (result.mapping[header] ?? 'ignore') !== 'ignore')),
      );
    } catch (failure) {
      setPreview(null);
      setError(getApiErrorMessage(failure) ?? 'The file could not be read.');
    } finally {
      setChecking(false);
    }
  };

  const runImport = async () => {
    if (!file || !mapping) return;
    setProgress(0);
    try {
      const result = await importContacts({ file, dryRun: false, mapping, consent, onProgress: setProgress });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [CONTACTS_URL] }),
        queryClient.invalidateQueries({ queryKey: getAnalyticsQueryOptions().queryKey }),
      ]);
      toast({
        title: 'Import finished',
        description: `${result.create} created, ${result.merge} merged, ${result.invalidCount} invalid.`,
      });
      setProgress(null);
      setOpen(false);
      reset();
    } catch (failure) {
      setProgress(null);
      toastFailure(failure, 'Failed to import contacts.');
    }
  };

  const columns = (preview?.headers ?? []).map((header, index) => ({
    header,
    control: `${id}-col-${index}`,
  }));
  const shownColumns = columns.filter((column) => shown?.has(column.header));
  const foldedColumns = columns.filter((column) => !shown?.has(column.header));
  const foldedIgnored = foldedColumns.filter(
    (column) => (mapping?.[column.header] ?? 'ignore') === 'ignore',
  ).length;
  const columnProps = {
    mapping: mapping ?? {},
    disabled: checking || progress !== null,
    onChange: (header: string, field: ImportField) => {
      const next = { ...mapping, [header]: field };
      setMapping(next);
      if (file) void dryRun(file, next);
    },
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Import CSV"
      description="Contacts from a spreadsheet or another CRM: a header row, then one person per row."
      className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl"
      trigger={
        <Button variant="outline">
          <Upload aria-hidden="true" />
          Import CSV
        </Button>
      }
    >
      <div className="grid gap-5">
        <FormField id={`${id}-file`} label="CSV file">
          {(control) => (
            <Input
              {...control}
              type="file"
              accept=".csv,text/csv"
              disabled={progress !== null}
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                setFile(chosen);
                setPreview(null);
                setMapping(undefined);
                setShown(null);
                if (chosen) void dryRun(chosen);
              }}
            />
          )}
        </FormField>
        {checking ? (
          <p role="status" className="text-sm text-muted-foreground">
            Reading the file...
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="wrap-anywhere text-sm text-red-300">
            {error}
          </p>
        ) : null}
        {preview && mapping ? (
          <>
            <p className="text-sm text-muted-foreground">
              {preview.format === 'generic' ? 'Read as a ' : 'Recognised: '}
              <span className="text-foreground">{importFormatLabels[preview.format]}</span>
            </p>
            <section
              aria-label="Preview"
              className="grid gap-2 rounded-xl border border-white/10 p-4 text-sm"
            >
              <h3 className="font-medium">Preview</h3>
              {preview.encoding === 'windows-1252' ? (
                <p className="text-muted-foreground">Read as Windows-1252 (Western European)</p>
              ) : null}
              <ul className="grid gap-1">
                <li>
                  <strong>{preview.create}</strong> new contacts to create
                </li>
                <li>
                  <strong>{preview.merge}</strong> rows match a contact by email address: empty fields are
                  filled and tags added, nothing is overwritten
                </li>
                <li>
                  <strong>{preview.invalidCount}</strong> invalid rows, not imported
                </li>
              </ul>
              {preview.invalid.length > 0 ? (
                <ul
                  aria-label="Invalid rows"
                  className="mt-2 grid max-h-40 gap-1 overflow-y-auto text-muted-foreground"
                >
                  {preview.invalid.slice(0, INVALID_SHOWN).map((row) => (
                    <li key={row.row}>
                      Row {row.row}: {row.reason}
                    </li>
                  ))}
                  {preview.invalidCount > INVALID_SHOWN ? (
                    <li>and {preview.invalidCount - INVALID_SHOWN} more</li>
                  ) : null}
                </ul>
              ) : null}
            </section>
            <label htmlFor={`${id}-consent`} className="flex items-start gap-2 text-sm">
              <Checkbox
                id={`${id}-consent`}
                className="mt-0.5"
                checked={consent}
                disabled={progress !== null}
                onChange={(event) => setConsent(event.target.checked)}
              />
              <span>
                These people agreed to receive email from us
                <span className="block text-muted-foreground">
                  Without this, imported people never receive campaigns.
                </span>
              </span>
            </label>
            {progress !== null ? (
              <div className="grid gap-1">
                <Progress value={Math.round(progress * 100)} max={100} label="Import progress" />
                <p className="text-xs text-muted-foreground">Importing... {Math.round(progress * 100)}%</p>
              </div>
            ) : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button
                variant="outline"
                type="button"
                disabled={progress !== null}
                onClick={() => onOpenChange(false)}
              >
                Cancel
              </Button>
              <Button
                variant="gradient"
                type="button"
                disabled={checking || progress !== null || preview.create + preview.merge === 0}
                onClick={() => void runImport()}
              >
                Import {preview.create + preview.merge} rows
              </Button>
            </div>
            <fieldset className="grid gap-2 border-t border-white/10 pt-4">
              <legend className="float-left mb-1 text-sm font-medium">Columns</legend>
              <p className="text-xs text-muted-foreground">
                Each column of the file and what it fills; a change reads the file again.
              </p>
              <div className="grid gap-2">
                {shownColumns.map((column) => (
                  <ColumnRow key={column.control} {...column} {...columnProps} />
                ))}
              </div>
              {foldedColumns.length > 0 ? (
                <details className="group text-sm">
                  <summary className="flex w-fit cursor-pointer list-none items-center gap-1 rounded-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
                    <ChevronRight
                      aria-hidden="true"
                      className="size-4 transition-transform group-open:rotate-90"
                    />
                    {foldedIgnored} other {foldedIgnored === 1 ? 'column' : 'columns'} ignored
                  </summary>
                  <div className="mt-3 grid gap-2">
                    {foldedColumns.map((column) => (
                      <ColumnRow key={column.control} {...column} {...columnProps} />
                    ))}
                  </div>
                </details>
              ) : null}
            </fieldset>
          </>
        ) : null}
      </div>
    </FormDialog>
  );
}

/** One column of the file and the field it fills. */
function ColumnRow({
  header,
  control,
  mapping,
  disabled,
  onChange,
}: {
  header: string;
  control: string;
  mapping: ImportMapping;
  disabled: boolean;
  onChange: (header: string, field: ImportField) => void;
}) {
  return (
    <div className="grid grid-cols-1 items-center gap-1 sm:grid-cols-2 sm:gap-3">
      <Label htmlFor={control} className="wrap-anywhere">
        {header}
      </Label>
      <NativeSelect
        id={control}
        value={mapping[header] ?? 'ignore'}
        disabled={disabled}
        onChange={(event) => onChange(header, event.target.value as ImportField)}
      >
        {importFields.map((field) => (
          <option key={field} value={field}>
            {importFieldLabels[field]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
