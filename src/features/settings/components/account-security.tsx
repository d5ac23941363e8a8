import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toAppError } from '@/lib/errors';
import { useRequestEmailChange, useSignOutOtherSessions } from '../api/account';
import { PasswordChangeForm } from './password-change-form';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** E-mail (changed through a link sent to the new address), password, and other sessions. */
export function AccountSecurity({ email }: { email: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sign-in and security</CardTitle>
        <CardDescription>Signed in as {email}.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8">
        <EmailChange email={email} />
        <PasswordChangeForm />
        <OtherSessions />
      </CardContent>
    </Card>
  );
}

function EmailChange({ email }: { email: string }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const send = useRequestEmailChange();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = value.trim();
    if (!EMAIL.test(next)) return setError('Please enter a valid email address');
    if (next.toLowerCase() === email.toLowerCase()) return setError('This is already your e-mail address');
    setError(undefined);
    send.mutate(next, {
      onSuccess: () => {
        setSentTo(next);
        setValue('');
      },
      onError: (e) => setError(toAppError(e).message),
    });
  };
  return (
    <form onSubmit={submit} className="grid gap-3" noValidate>
      <FormField id="new-email" label="Change e-mail address" error={error}>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input id="new-email" type="email" autoComplete="email" placeholder="new@example.com" value={value} onChange={(e) => setValue(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? 'new-email-error' : undefined} />
          <Button type="submit" variant="outline" disabled={send.isPending || !value.trim()}>
            {send.isPending ? 'Sending...' : 'Send confirmation link'}
          </Button>
        </div>
      </FormField>
      {sentTo && (
        <p role="status" className="text-sm text-muted-foreground">
          We sent a confirmation link to <strong className="text-foreground">{sentTo}</strong>. Your e-mail address changes when you open it (if your current address gets a link too, open that one as well).
        </p>
      )}
    </form>
  );
}

function OtherSessions() {
  const end = useSignOutOtherSessions();
  const signOut = () =>
    end.mutate(undefined, {
      onSuccess: () => toast.success('Signed out of your other sessions'),
      onError: (e) => toast.error('Logout failed', { description: toAppError(e).message }),
    });
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <p className="text-sm font-medium">Other sessions</p>
        <p className="text-sm text-muted-foreground">Sign out everywhere else (other browsers and devices); you stay signed in here.</p>
      </div>
      <Button type="button" variant="outline" disabled={end.isPending} onClick={signOut}>
        {end.isPending ? 'Signing out...' : 'Sign out other sessions'}
      </Button>
    </div>
  );
}
