import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorId, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { isPasswordAcceptable, PASSWORD_HINT, PASSWORD_RULE_MESSAGE } from '@/lib/auth/password-strength';
import { toAppError } from '@/lib/errors';
import { PasswordChangeError, useChangePassword, useHasPasswordSignIn } from '../api/account';
import { useFieldErrors } from '@/lib/use-field-errors';

type Errors = { current?: string; password?: string; confirm?: string };

const describedBy = (id: string, error: string | undefined, hint?: string) => [hint, error ? errorId(id) : undefined].filter(Boolean).join(' ') || undefined;

/**
 * Change password: the current password first (the auth server refuses a change without it, so a
 * session left open or a stolen token is not enough), then the new one twice. Someone who has
 * only signed in with Google sets a first password without one.
 */
export function PasswordChangeForm() {
  const signIn = useHasPasswordSignIn();
  const [asked, setAsked] = useState(false);
  // Until the identities are known, and whenever the server asks, the field is there.
  const needsCurrent = asked || signIn.data !== false;
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useFieldErrors<keyof Errors>();
  const save = useChangePassword();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {
      current: needsCurrent && !current ? 'Enter your current password.' : undefined,
      password: isPasswordAcceptable(password) ? (needsCurrent && password === current ? 'New password should be different from the old password.' : undefined) : PASSWORD_RULE_MESSAGE,
      confirm: password === confirm ? undefined : "Passwords don't match",
    };
    setErrors(next);
    if (next.current || next.password || next.confirm) return;
    save.mutate(
      { currentPassword: needsCurrent ? current : '', password },
      {
        onSuccess: () => {
          setCurrent('');
          setPassword('');
          setConfirm('');
          toast.success('Password changed', { description: 'Your other sessions have been signed out.' });
        },
        onError: (e) => {
          if (e instanceof PasswordChangeError) {
            if (e.field === 'current') setAsked(true);
            setErrors({ [e.field]: e.message });
          } else setErrors({ password: toAppError(e).message });
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" noValidate aria-labelledby="password-change-title">
      <p id="password-change-title" className="text-sm font-medium sm:col-span-2">
        {needsCurrent ? 'Change password' : 'Set a password'}
      </p>
      {needsCurrent && (
        <FormField id="current-password" label="Current password" error={errors.current} className="sm:col-span-2">
          <Input id="current-password" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} aria-invalid={errors.current ? true : undefined} aria-describedby={describedBy('current-password', errors.current)} className="sm:max-w-[calc(50%-0.375rem)]" />
        </FormField>
      )}
      <FormField id="new-password" label="New password" error={errors.password}>
        <Input id="new-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-invalid={errors.password ? true : undefined} aria-describedby={describedBy('new-password', errors.password, 'new-password-hint')} />
      </FormField>
      <FormField id="confirm-password" label="Confirm new password" error={errors.confirm}>
        <Input id="confirm-password" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} aria-invalid={errors.confirm ? true : undefined} aria-describedby={describedBy('confirm-password', errors.confirm)} />
      </FormField>
      <p id="new-password-hint" className="text-xs text-muted-foreground sm:col-span-2">
        {PASSWORD_HINT}
      </p>
      <div className="sm:col-span-2">
        <Button type="submit" variant="outline" disabled={save.isPending || !password}>
          {save.isPending ? 'Changing...' : needsCurrent ? 'Change password' : 'Set password'}
        </Button>
      </div>
    </form>
  );
}
