import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import type { SignUpValues } from '../schemas';
import { errorId, fieldAria, FormField } from '@/components/ui/form-field';
import { PASSWORD_HINT } from '@/lib/auth/password-strength';
import { PasswordInput } from './password-input';
import { PasswordStrengthMeter } from './password-strength-meter';

/** Step 1: first and last name, e-mail, password with strength meter, confirmation. */
export function StepPersonalInfo({ form }: { form: UseFormReturn<SignUpValues> }) {
  const { register, control, formState } = form;
  const { errors } = formState;
  const password = useWatch({ control, name: 'password' });
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="signup-first-name" label="First name" error={errors.firstName?.message}>
          <Input id="signup-first-name" autoComplete="given-name" placeholder="Ada" {...fieldAria('signup-first-name', errors.firstName?.message)} {...register('firstName')} />
        </FormField>
        <FormField id="signup-last-name" label="Last name" error={errors.lastName?.message}>
          <Input id="signup-last-name" autoComplete="family-name" placeholder="Lovelace" {...fieldAria('signup-last-name', errors.lastName?.message)} {...register('lastName')} />
        </FormField>
      </div>
      <FormField id="signup-email" label="Email" error={errors.email?.message}>
        <Input id="signup-email" type="email" autoComplete="email" placeholder="you@company.com" {...fieldAria('signup-email', errors.email?.message)} {...register('email')} />
      </FormField>
      <FormField
        id="signup-password"
        label="Password"
        error={errors.password?.message}
        hint={
          <>
            <p id="signup-password-hint" className="text-xs text-muted-foreground">
              {PASSWORD_HINT}
            </p>
            <PasswordStrengthMeter password={password} />
          </>
        }
      >
        <PasswordInput
          id="signup-password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          {...fieldAria('signup-password', errors.password?.message)}
          aria-describedby={errors.password ? `signup-password-hint ${errorId('signup-password')}` : 'signup-password-hint'}
          {...register('password')}
        />
      </FormField>
      <FormField id="signup-confirm-password" label="Confirm password" error={errors.confirmPassword?.message}>
        <PasswordInput
          id="signup-confirm-password"
          toggleLabel="password confirmation"
          autoComplete="new-password"
          placeholder="Repeat your password"
          {...fieldAria('signup-confirm-password', errors.confirmPassword?.message)}
          {...register('confirmPassword')}
        />
      </FormField>
    </div>
  );
}
