import { Loader2 } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/hooks/use-toast';
import { toastFailure } from '@/web/lib/toast-failure';
import { InlineError, InlineLoading } from '../../../components/query-state';
import { useMailSignature, useUpdateMailSignature } from '../api/mail-signature';

/**
 * 'Signature' on the mail setup page: written once, appended below a '-- ' line to every email
 * sent to a contact (Send Email and the inline form). Blank removes it.
 */
export function SignatureCard() {
  const signature = useMailSignature();
  const save = useUpdateMailSignature();
  const id = React.useId();
  const [draft, setDraft] = React.useState<string | null>(null);
  const value = draft ?? signature.data?.signature ?? '';
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Signature
        </CardTitle>
        <CardDescription>
          Added below every email you send to a contact. Plain text, as typed.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {signature.isPending ? (
          <InlineLoading />
        ) : signature.isError ? (
          <InlineError error={signature.error} fallback="Failed to load the signature." />
        ) : (
          <form
            noValidate
            className="grid gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate(value, {
                onSuccess: () => {
                  setDraft(null);
                  toast({ title: 'Signature saved' });
                },
                onError: (error) => toastFailure(error, 'Failed to save the signature.'),
              });
            }}
          >
            <Label htmlFor={id}>Signature</Label>
            <Textarea
              id={id}
              value={value}
              maxLength={2000}
              className="min-h-24"
              placeholder={'Alex Morgan\nBrightlane Studio · +1 555 0100'}
              onChange={(event) => setDraft(event.target.value)}
            />
            <div className="flex justify-end">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                Save Signature
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
