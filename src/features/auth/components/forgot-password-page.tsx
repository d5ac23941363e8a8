import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { emailOnlySchema } from '../schemas';
import { AuthShell } from './auth-shell';
import { fieldAria, FormField } from '@/components/ui/form-field';

/** /forgot-password: e-mails a link that opens /reset-password signed in. */
export function ForgotPasswordPage() {
  const reset = useRequestPasswordReset();
  const { register, handleSubmit, formState, getValues } = useForm<{ email: string }>({ resolver: zodResolver(emailOnlySchema), defaultValues: { email: '' } });
  const error = formState.errors.email?.message;

  const onSubmit = handleSubmit(({ email }) =>
    reset.mutate(email, { onError: (e) => toast.error('Could not send the reset email', { description: e.message }) }),
  );

  return (
    <AuthShell backTo={paths.login} backLabel="Back to sign in">
      <Card className="shadow-lg">
        <CardHeader>
          <h1 className="text-2xl font-semibold tracking-tight">Forgot your password?</h1>
          <CardDescription>Enter the email you signed up with and we&apos;ll send you a link to choose a new password.</CardDescription>
        </CardHeader>
        <CardContent>
          {reset.isSuccess ? (
            <div role="status" className="grid justify-items-center gap-3 py-4 text-center">
              <MailCheck className="size-10 text-success" aria-hidden />
              <p className="font-medium">Check your email</p>
              <p className="text-sm text-muted-foreground">
                If an account exists for <span className="font-medium text-foreground">{getValues('email')}</span>, you&apos;ll get a password reset link in a minute. Check your spam folder
                too.
              </p>
              <Button asChild variant="outline" className="mt-2">
                <Link to={paths.login}>Back to sign in</Link>
              </Button>
            </div>
          ) : (
            <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Reset password">
              <FormField id="forgot-email" label="Email" error={error}>
                <Input id="forgot-email" type="email" autoComplete="email" placeholder="you@company.com" {...fieldAria('forgot-email', error)} {...register('email')} />
              </FormField>
              <Button type="submit" size="lg" disabled={reset.isPending}>
                {reset.isPending && <Loader2 className="animate-spin" aria-hidden />}
                {reset.isPending ? 'Sending...' : 'Send reset link'}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </AuthShell>
  );
}
