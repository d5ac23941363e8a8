import { Controller, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { ROLE_OPTIONS } from '@/config/profile-options';
import type { SignUpValues } from '../schemas';
import { errorId } from '@/components/ui/form-field';

const roleLabel = (value: string) => ROLE_OPTIONS.find((option) => option.value === value)?.label ?? value;

/** Step 3: the account summary, the required terms checkbox and optional marketing e-mails. */
export function StepTerms({ form }: { form: UseFormReturn<SignUpValues> }) {
  const values = form.getValues();
  const termsError = form.formState.errors.agreeToTerms?.message;
  const summary = [
    ['Name', `${values.firstName} ${values.lastName}`.trim()],
    ['Email', values.email],
    ['Company', values.companyName],
    ['Role', roleLabel(values.role)],
  ] as const;

  return (
    <div className="grid gap-5">
      <section aria-label="Account summary" className="rounded-lg border bg-muted/40 p-4">
        <h3 className="mb-3 text-sm font-semibold">Account summary</h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {summary.map(([term, detail]) => (
            <div key={term} className="contents">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="truncate font-medium">{detail}</dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="grid gap-1.5">
        <div className="flex items-start gap-3">
          <Controller
            control={form.control}
            name="agreeToTerms"
            render={({ field }) => (
              <Checkbox
                id="signup-terms"
                className="mt-0.5"
                checked={field.value}
                onCheckedChange={(v) => field.onChange(v === true)}
                onBlur={field.onBlur}
                ref={field.ref}
                aria-invalid={termsError ? true : undefined}
                aria-describedby={termsError ? errorId('signup-terms') : undefined}
              />
            )}
          />
          <Label htmlFor="signup-terms" className="block font-normal leading-snug">
            I agree to the{' '}
            <Link to={paths.terms} target="_blank" rel="noreferrer" className="font-medium text-primary underline-offset-4 hover:underline">
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link to={paths.privacy} target="_blank" rel="noreferrer" className="font-medium text-primary underline-offset-4 hover:underline">
              Privacy Policy
            </Link>
          </Label>
        </div>
        {termsError && (
          <p id={errorId('signup-terms')} className="pl-7 text-sm text-destructive">
            {termsError}
          </p>
        )}
      </div>
      <div className="flex items-start gap-3">
        <Controller
          control={form.control}
          name="agreeToMarketing"
          render={({ field }) => <Checkbox id="signup-marketing" className="mt-0.5" checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} onBlur={field.onBlur} />}
        />
        <Label htmlFor="signup-marketing" className="block font-normal leading-snug text-muted-foreground">
          Send me product updates, tips and offers by email (optional)
        </Label>
      </div>
    </div>
  );
}
