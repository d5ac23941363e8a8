import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { toAppError } from '@/lib/errors';
import { useDeleteAccount } from '../api/account';

/** Closing the account: confirmed by typing its e-mail address. */
export function DeleteAccount({ email }: { email: string }) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount(() => {
    setOpen(false);
    toast.success('Your account was deleted');
    navigate(paths.home, { replace: true });
  });
  const matches = typed.trim().toLowerCase() === email.toLowerCase();

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>Delete account</CardTitle>
        <CardDescription>
          Deletes your profile, your library (every photo and video you uploaded or made), your posts and your credits. The credit history is kept for accounting, without your name or
          e-mail.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <AlertDialog
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (!next) setTyped('');
          }}
        >
          <AlertDialogTrigger asChild>
            <Button variant="destructive">Delete account</Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Are you absolutely sure?</AlertDialogTitle>
              <AlertDialogDescription>This action cannot be undone. This will permanently delete your account and everything in it from our servers.</AlertDialogDescription>
            </AlertDialogHeader>
            <div className="grid gap-2">
              <Label htmlFor="confirm-delete-email">
                Type <strong>{email}</strong> to confirm
              </Label>
              <Input id="confirm-delete-email" type="email" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
            </div>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
              <Button variant="destructive" disabled={!matches || remove.isPending} onClick={() => remove.mutate(typed, { onError: (e) => toast.error('Account not deleted', { description: toAppError(e).message }) })}>
                {remove.isPending ? 'Deleting...' : 'Delete my account'}
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
