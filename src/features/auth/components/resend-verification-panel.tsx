import { Loader2, MailWarning } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { resendFailure, resendSuccess } from '../auth-messages';
import { useResendVerification } from '../api/resend-verification';

/** Shown after 'Email not confirmed': resends the confirmation to the e-mail that was typed. */
export function ResendVerificationPanel({ email, onSent }: { email: string; onSent: () => void }) {
  const resend = useResendVerification();

  const send = () =>
    resend.mutate(email, {
      onSuccess: () => {
        const done = resendSuccess(email);
        toast.success(done.title, { description: done.description });
        onSent();
      },
      onError: (error) => {
        const failure = resendFailure(error.message);
        toast.error(failure.title, { description: failure.description });
      },
    });

  return (
    <section aria-label="Email verification" className="rounded-lg border border-highlight/50 bg-highlight/10 p-4 text-sm">
      <div className="flex gap-3">
        <MailWarning className="mt-0.5 size-5 shrink-0 text-highlight-foreground dark:text-highlight" aria-hidden />
        <div className="grid gap-3">
          <div>
            <p className="font-medium">Your email address is not verified yet</p>
            <p className="text-muted-foreground">
              We sent a verification link to <span className="font-medium text-foreground">{email}</span>. Didn&apos;t get it?
            </p>
          </div>
          <Button type="button" variant="outline" size="sm" className="w-fit" onClick={send} disabled={resend.isPending}>
            {resend.isPending && <Loader2 className="animate-spin" aria-hidden />}
            {resend.isPending ? 'Sending...' : 'Resend verification email'}
          </Button>
        </div>
      </div>
    </section>
  );
}
