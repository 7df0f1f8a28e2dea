import { Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { Credential } from '@/shared/credentials';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { toast } from '@/web/hooks/use-toast';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDeleteCredential } from '../api/delete-credential';
import { isVaultRejection } from './vault-provider';

/**
 * 'Danger Zone' of the credential detail (docs/product.md §9.1): Delete asks 'Are you sure you want to
 * delete this credential? This action cannot be undone.', then goes back to the list with the
 * toast 'Credential deleted'; failure toasts 'Error' / 'Failed to delete credential'.
 */
export function DangerZoneCard({ credential, password }: { credential: Credential; password: string }) {
  const navigate = useNavigate();
  const remove = useDeleteCredential();

  return (
    <Card className="gap-4 border-red-500/30">
      <CardHeader>
        <CardTitle as="h2" className="text-red-300">
          Danger Zone
        </CardTitle>
        <CardDescription>Deleting removes this credential for good.</CardDescription>
      </CardHeader>
      <CardContent>
        <ConfirmDialog
          title="Delete credential"
          description="Are you sure you want to delete this credential? This action cannot be undone."
          onConfirm={() =>
            remove.mutate(
              { id: credential.id, password },
              {
                onSuccess: () => {
                  navigate('/admin/credentials');
                  toast({ title: 'Credential deleted' });
                },
                onError: (error) => {
                  if (isVaultRejection(error)) return;
                  toast({
                    variant: 'destructive',
                    title: 'Error',
                    description: 'Failed to delete credential',
                  });
                },
              },
            )
          }
          trigger={
            <Button variant="destructive" disabled={remove.isPending}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          }
        />
      </CardContent>
    </Card>
  );
}
