import { Mail } from 'lucide-react';
import { Link } from 'react-router-dom';
import { BrandBar } from '@/components/layout/brand-bar';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { BackLink } from './auth-shell';
import { SignupMarketingPanel } from './signup-marketing-panel';
import { OrDivider, SocialSignIn } from './social-sign-in';
import { SwitchPrompt } from './switch-prompt';

export const SIGNUP_WITH_EMAIL = `${paths.signup}?method=email`;

/** /signup, landing variant: the marketing panel beside the ways to create an account. */
export function SignupLanding() {
  return (
    <div className="grid min-h-dvh lg:grid-cols-[1.1fr_1fr]">
      <div className="order-2 lg:order-1">
        <SignupMarketingPanel />
      </div>
      <div className="order-1 flex flex-col bg-background lg:order-2">
        <header>
          <BrandBar className="px-6 sm:px-10" />
        </header>
        <main className="flex flex-1 items-center justify-center px-6 py-10 sm:px-10">
          <div className="grid w-full max-w-sm gap-6">
            <BackLink to={paths.home}>Back</BackLink>
            <div className="grid gap-2">
              <h1 className="text-3xl font-semibold tracking-tight">Create your account</h1>
              <p className="text-muted-foreground">Start with 5 free credits — no credit card required.</p>
            </div>
            <SocialSignIn mode="sign-up" showOthers={false} />
            <OrDivider label="or" />
            <Button asChild size="lg" className="w-full">
              <Link to={SIGNUP_WITH_EMAIL}>
                <Mail aria-hidden /> Continue with Email
              </Link>
            </Button>
            <p className="text-center text-xs leading-relaxed text-muted-foreground">
              By continuing, you agree to our{' '}
              <Link to={paths.terms} className="underline underline-offset-4 hover:text-foreground">
                Terms of Service
              </Link>{' '}
              and{' '}
              <Link to={paths.privacy} className="underline underline-offset-4 hover:text-foreground">
                Privacy Policy
              </Link>
              .
            </p>
            <SwitchPrompt question="Already have an account?" to={paths.loginLegacy} link="Sign in" />
          </div>
        </main>
      </div>
    </div>
  );
}
