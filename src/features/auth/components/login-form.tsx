import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { LOGIN_SUCCESS, signInFailure } from '../auth-messages';
import { useSignInWithPassword } from '../api/sign-in-with-password';
import { signInSchema, type SignInValues } from '../schemas';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { PasswordInput } from './password-input';
import { ResendVerificationPanel } from './resend-verification-panel';

/** The e-mail a previous screen hands over (e.g. sign-up → 'verify your e-mail' → here). */
function emailFromState(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

/** E-mail + password sign-in with remember me, forgot password and the resend-verification panel. */
export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignInWithPassword();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const { register, handleSubmit, control, formState } = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: emailFromState(location.state), password: '', rememberMe: true },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: () => {
        toast.success(LOGIN_SUCCESS.title, { description: LOGIN_SUCCESS.description });
        void navigate(paths.dashboard.home, { replace: true });
      },
      onError: (error) => {
        const failure = signInFailure(error.message);
        toast.error(failure.title, { description: failure.description });
        setUnverifiedEmail(failure.needsVerification ? values.email.trim() : null);
      },
    }),
  );

  const busy = signIn.isPending || signIn.isSuccess;

  return (
    <div className="grid gap-5">
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign in">
        <FormField id="login-email" label="Email" error={errors.email?.message}>
          <Input id="login-email" type="email" autoComplete="email" placeholder="you@company.com" {...fieldAria('login-email', errors.email?.message)} {...register('email')} />
        </FormField>
        <FormField id="login-password" label="Password" error={errors.password?.message}>
          <PasswordInput id="login-password" autoComplete="current-password" placeholder="Enter your password" {...fieldAria('login-password', errors.password?.message)} {...register('password')} />
        </FormField>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <Controller
              control={control}
              name="rememberMe"
              render={({ field }) => <Checkbox id="login-remember" checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} onBlur={field.onBlur} />}
            />
            <Label htmlFor="login-remember" className="font-normal">
              Remember me
            </Label>
          </div>
          <Link to={paths.forgotPassword} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy && <Loader2 className="animate-spin" aria-hidden />}
          {busy ? 'Signing In...' : 'Sign In to Dashboard'}
        </Button>
      </form>
      {unverifiedEmail && <ResendVerificationPanel email={unverifiedEmail} onSent={() => setUnverifiedEmail(null)} />}
    </div>
  );
}
