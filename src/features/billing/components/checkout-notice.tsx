import { CheckCircle2, Info, Loader2 } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import type { CheckoutReturn } from '../use-checkout-return';

/** What happened at Stripe Checkout, once the user is back: waiting for the payment, done, or cancelled. */
export function CheckoutNotice({ result }: { result: CheckoutReturn }) {
  if (result.state === 'none') return null;
  if (result.state === 'waiting') {
    return (
      <Alert role="status">
        <Loader2 className="animate-spin" aria-hidden />
        <AlertTitle>Payment received</AlertTitle>
        <AlertDescription>Adding it to your account…</AlertDescription>
      </Alert>
    );
  }
  if (result.state === 'done') {
    return (
      <Alert role="status">
        <CheckCircle2 className="text-success" aria-hidden />
        <AlertTitle>Thank you!</AlertTitle>
        <AlertDescription>{result.message}</AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert role="status">
      <Info aria-hidden />
      <AlertTitle>{result.state === 'cancelled' ? 'Checkout cancelled' : 'Still confirming your payment'}</AlertTitle>
      <AlertDescription>
        {result.state === 'cancelled'
          ? 'Nothing was charged. You can buy whenever you are ready.'
          : 'Your payment went through, and the payment provider has not confirmed it to us yet. Your credits appear here as soon as it does; there is no need to pay again.'}
      </AlertDescription>
    </Alert>
  );
}
