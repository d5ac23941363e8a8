import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ArrowRight, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { signUpFailure } from '../auth-messages';
import { useSignUp } from '../api/sign-up';
import { companyDetailsSchema, EMPTY_SIGN_UP, personalInfoSchema, termsSchema, type SignUpValues } from '../schemas';
import { AuthShell } from './auth-shell';
import { OrDivider, SocialSignIn } from './social-sign-in';
import { StepCompanyDetails } from './step-company-details';
import { StepPersonalInfo } from './step-personal-info';
import { StepTerms } from './step-terms';
import { WizardProgress } from './wizard-progress';
import { SwitchPrompt } from './switch-prompt';

const STEP_TITLES = ['Personal Information', 'Company Details', 'Terms & Preferences'] as const;
// `raw`: a step's resolver returns every form value, not only the fields of its own schema.
const STEP_RESOLVERS = [
  zodResolver(personalInfoSchema, undefined, { raw: true }),
  zodResolver(companyDetailsSchema, undefined, { raw: true }),
  zodResolver(termsSchema, undefined, { raw: true }),
] as unknown as Resolver<SignUpValues>[];
const LAST_STEP = STEP_RESOLVERS.length - 1;

/** The three-step sign-up (docs/spec.md §2, §4, §5): Continue advances only when the step is valid. */
export function SignupWizard() {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [step, setStep] = useState(0);
  const stepRef = useRef(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const movedRef = useRef(false);

  // One form for all steps; the resolver checks only the step on screen.
  const resolver: Resolver<SignUpValues> = (values, context, options) => STEP_RESOLVERS[stepRef.current]!(values, context, options);
  const form = useForm<SignUpValues>({ resolver, defaultValues: EMPTY_SIGN_UP, mode: 'onSubmit', reValidateMode: 'onChange' });

  const goTo = (next: number) => {
    stepRef.current = next;
    movedRef.current = true;
    setStep(next);
  };

  useEffect(() => {
    // Move focus to the new step's heading so keyboard and screen-reader users follow along.
    if (movedRef.current) headingRef.current?.focus();
  }, [step]);

  const create = form.handleSubmit((values) =>
    signUp.mutate(values, {
      onSuccess: (result) => {
        if (result.kind === 'signed-in') {
          toast.success('Account created!', { description: 'Welcome aboard — your 5 free credits are ready.' });
          void navigate(paths.dashboard.home, { replace: true });
        } else if (result.kind === 'confirm-email') {
          toast.success('Check your email', { description: `We've sent a verification link to ${result.email}. Verify your email, then sign in.`, duration: 8000 });
          void navigate(paths.login, { replace: true, state: { email: result.email } });
        } else {
          toast.error('Account Creation Failed', { description: 'An account with this email already exists. Please sign in instead.' });
        }
      },
      onError: (error) => {
        const failure = signUpFailure(error.message);
        toast.error(failure.title, { description: failure.description });
      },
    }),
  );

  // Continue is a submit too: errors then clear as the user types (not on blur, which would move
  // the button under the pointer), and the first invalid field gets the focus.
  const onSubmit = (event: React.FormEvent) => (step < LAST_STEP ? form.handleSubmit(() => goTo(step + 1))(event) : create(event));

  const busy = signUp.isPending || (signUp.isSuccess && signUp.data.kind !== 'already-registered');

  return (
    <AuthShell backTo={paths.signup} backLabel="Back">
      <Card className="shadow-lg">
        <CardHeader className="gap-4">
          <div className="grid gap-1.5">
            <h1 className="text-2xl font-semibold tracking-tight">Create your account</h1>
            <CardDescription>Start with 5 free credits — no credit card required.</CardDescription>
          </div>
          <WizardProgress step={step} />
        </CardHeader>
        <CardContent className="grid gap-6">
          {step === 0 && (
            <>
              <SocialSignIn mode="sign-up" />
              <OrDivider label="or sign up with email" />
            </>
          )}
          <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-6" aria-labelledby="signup-step-title">
            <h2 id="signup-step-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
              <span className="sr-only">Step {step + 1} of 3: </span>
              {STEP_TITLES[step]}
            </h2>
            {step === 0 && <StepPersonalInfo form={form} />}
            {step === 1 && <StepCompanyDetails form={form} />}
            {step === 2 && <StepTerms form={form} />}
            <div className="flex items-center justify-between gap-3">
              {step > 0 ? (
                <Button type="button" variant="outline" onClick={() => goTo(step - 1)} disabled={busy}>
                  <ArrowLeft aria-hidden /> Back
                </Button>
              ) : (
                <span />
              )}
              {step < LAST_STEP ? (
                <Button type="submit">
                  Continue <ArrowRight aria-hidden />
                </Button>
              ) : (
                <Button type="submit" disabled={busy}>
                  {busy && <Loader2 className="animate-spin" aria-hidden />}
                  {busy ? 'Creating Account...' : 'Create Account'}
                </Button>
              )}
            </div>
          </form>
          <SwitchPrompt question="Already have an account?" to={paths.login} link="Log in" />
        </CardContent>
      </Card>
    </AuthShell>
  );
}
