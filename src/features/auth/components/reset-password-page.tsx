import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { useUpdatePassword } from '../api/update-password';
import { newPasswordSchema } from '../schemas';
import { AuthShell } from './auth-shell';
import { errorId, fieldAria, FormField } from '@/components/ui/form-field';
import { PASSWORD_HINT } from '@/lib/auth/password-strength';
import { PasswordInput } from './password-input';
import { PasswordStrengthMeter } from './password-strength-meter';

interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

function NewPasswordForm() {
  const navigate = useNavigate();
  const update = useUpdatePassword();
  const { register, handleSubmit, formState, control } = useForm<NewPasswordValues>({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '', confirmPassword: '' }, mode: 'onTouched' });
  const { errors } = formState;
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(({ password }) =>
    update.mutate(password, {
      onSuccess: () => {
        toast.success('Password updated', { description: 'You are signed in with your new password.' });
        void navigate(paths.dashboard.home, { replace: true });
      },
      onError: (error) => toast.error('Password not changed', { description: error.message }),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Choose a new password">
      <FormField id="reset-password" label="New password" error={errors.password?.message} hint={<PasswordStrengthMeter password={password} />}>
        <PasswordInput
          id="reset-password"
          autoComplete="new-password"
          {...fieldAria('reset-password', errors.password?.message)}
          aria-describedby={errors.password ? `reset-password-hint ${errorId('reset-password')}` : 'reset-password-hint'}
          {...register('password')}
        />
      </FormField>
      <FormField id="reset-confirm-password" label="Confirm new password" error={errors.confirmPassword?.message}>
        <PasswordInput id="reset-confirm-password" toggleLabel="password confirmation" autoComplete="new-password" {...fieldAria('reset-confirm-password', errors.confirmPassword?.message)} {...register('confirmPassword')} />
      </FormField>
      <Button type="submit" size="lg" disabled={update.isPending || update.isSuccess}>
        {update.isPending && <Loader2 className="animate-spin" aria-hidden />}
        {update.isPending ? 'Updating...' : 'Update password'}
      </Button>
    </form>
  );
}

/** /reset-password: the recovery link signs the user in (fragment handler); here they pick a new password. */
export function ResetPasswordPage() {
  const { status } = useAuth();
  return (
    <AuthShell backTo={paths.login} backLabel="Back to sign in">
      <Card className="shadow-lg">
        <CardHeader>
          <h1 className="text-2xl font-semibold tracking-tight">Choose a new password</h1>
          <CardDescription id="reset-password-hint">{PASSWORD_HINT}</CardDescription>
        </CardHeader>
        <CardContent>
          {status === 'loading' && (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Loader2 className="size-4 animate-spin" aria-hidden /> Checking your reset link...
            </p>
          )}
          {status === 'signed-out' && (
            <div className="grid gap-3 text-sm">
              <p role="alert">This password reset link is invalid or has expired.</p>
              <Button asChild className="w-fit">
                <Link to={paths.forgotPassword}>Request a new link</Link>
              </Button>
            </div>
          )}
          {status === 'signed-in' && <NewPasswordForm />}
        </CardContent>
      </Card>
    </AuthShell>
  );
}
