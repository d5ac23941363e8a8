import { AlertTriangle, CreditCard, ExternalLink, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { BackToDashboard } from '@/components/layout/back-to-dashboard';
import { WidePageShell } from '@/components/layout/wide-page-shell';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { paths } from '@/config/paths';
import { SignInToContinue } from '@/components/layout/sign-in-to-continue';
import { useAuth } from '@/lib/auth/use-auth';
import { PLAN_LABELS } from '@/domains/credits/plans';
import { formatCredits } from '@/domains/credits/prices';
import { toAppError } from '@/lib/errors';
import { formatPrice } from '@/lib/format-price';
import { openPortal, useBillingOverview, usePayments, type BillingOverview, type Payment } from '../api';
import { useCheckoutReturn } from '../use-checkout-return';
import { CheckoutNotice } from './checkout-notice';
import { CreditHistory } from './credit-history';
import { PlanPicker } from './plan-picker';

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long' }) : '—');

function PortalButton({ label = 'Manage billing' }: { label?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        openPortal(paths.billing).catch((error: unknown) => {
          toast.error(toAppError(error).message);
          setBusy(false);
        });
      }}
    >
      {busy ? <Loader2 className="animate-spin" aria-hidden /> : <CreditCard aria-hidden />} {label}
    </Button>
  );
}

function PlanCard({ overview }: { overview: BillingOverview }) {
  const sub = overview.subscription;
  const available = overview.credits_used + overview.balance;
  // The bar shows what is left, as the dashboard's credits card does (beside "N credits left").
  const left = available > 0 ? Math.round((overview.balance / available) * 100) : 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex flex-wrap items-center gap-2">
            {PLAN_LABELS[overview.plan]} plan
            {sub && <Badge variant={sub.cancel_at_period_end || sub.status === 'past_due' ? 'destructive' : 'success'}>{sub.cancel_at_period_end ? 'Cancels at period end' : sub.status === 'past_due' ? 'Payment due' : 'Active'}</Badge>}
          </CardTitle>
        <CardDescription>
          {sub
            ? sub.cancel_at_period_end
              ? `Your plan ends on ${day(sub.current_period_end)}. You keep its studios and your credits until then, and your credits after.`
              : `Renews on ${day(sub.current_period_end)}.`
            : overview.plan === 'trial'
              ? 'The free trial plan: 5 credits to try Shotcraft. Buy a pack, or subscribe for credits every month.'
              : `Your ${PLAN_LABELS[overview.plan]} plan was set up without a subscription: nothing renews and nothing is charged. Buy a pack for more credits, or subscribe to get them every month.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
            <span>
              <span className="text-2xl font-semibold">{overview.balance}</span> credits left
            </span>
            <span className="text-muted-foreground">
              {formatCredits(overview.credits_used)} used since {day(overview.period_start)}
            </span>
          </div>
          <Progress value={left} aria-label={`${left}% of this period's credits left`} />
        </div>
        <div className="flex flex-wrap gap-2">
          {sub && <PortalButton label="Change or cancel plan" />}
          <Button asChild>
            <Link to={paths.dashboard.creditPacks}>Buy credits</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function paymentStatus(p: Payment): string {
  if (p.amount_refunded_cents >= p.amount_cents && p.amount_cents > 0) return 'Refunded';
  if (p.amount_refunded_cents > 0) return `${formatPrice(p.amount_refunded_cents, p.currency)} refunded`;
  return 'Paid';
}

function Payments({ hasCustomer }: { hasCustomer: boolean }) {
  const payments = usePayments();
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle as="h2">Payments and invoices</CardTitle>
          <CardDescription>Your card, billing address and every invoice are in the billing portal.</CardDescription>
        </div>
        {hasCustomer && <PortalButton />}
      </CardHeader>
      <CardContent>
        {payments.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading payments...
          </p>
        ) : payments.isError ? (
          <p role="alert">{toAppError(payments.error).message}</p>
        ) : payments.data.length === 0 ? (
          <p className="py-4 text-center text-muted-foreground">No payments yet.</p>
        ) : (
          <Table label="Payments">
            <TableHeader>
              <TableRow header>
                <TableHead>Date</TableHead>
                <TableHead>What</TableHead>
                <TableHead className="text-right">Credits</TableHead>
                <TableHead className="text-right">Amount</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>
                  <span className="sr-only">Invoice</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {payments.data.map((p) => (
                <TableRow key={p.id}>
                  <TableCell className="whitespace-nowrap">{day(p.created_at)}</TableCell>
                  <TableCell>{p.description}</TableCell>
                  <TableCell className="text-right tabular-nums">+{p.credits}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatPrice(p.amount_cents, p.currency)}</TableCell>
                  <TableCell>{paymentStatus(p)}</TableCell>
                  <TableCell>
                    {p.receipt_url && (
                      <a href={p.receipt_url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline">
                        Invoice <ExternalLink className="size-3.5" aria-hidden />
                        <span className="sr-only">(opens in a new tab)</span>
                      </a>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

function BillingContent() {
  const returned = useCheckoutReturn();
  const [params] = useSearchParams();
  const overview = useBillingOverview();
  const payments = usePayments();
  if (overview.isPending) {
    return (
      <p role="status" className="py-16 text-center text-muted-foreground">
        Loading billing...
      </p>
    );
  }
  if (overview.isError) {
    return (
      <Alert variant="destructive">
        <AlertTriangle aria-hidden />
        <AlertTitle>{toAppError(overview.error).message}</AlertTitle>
        <AlertDescription>
          <Button size="sm" variant="outline" onClick={() => void overview.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  const data = overview.data;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <CheckoutNotice result={returned} />
      {data.credits_owed > 0 && (
        <Alert variant="destructive">
          <AlertTriangle aria-hidden />
          <AlertTitle>A refund took back credits you had already used</AlertTitle>
          <AlertDescription>
            {formatCredits(data.credits_owed)} could not be taken back because they were spent. The next credits you receive pay for them first; your balance never goes below zero.
          </AlertDescription>
        </Alert>
      )}
      <PlanCard overview={data} />
      {!data.subscription && (
        <section aria-labelledby="choose-plan" className="flex flex-col gap-3">
          <h2 id="choose-plan" className="text-lg font-semibold">
            Choose a plan
          </h2>
          <PlanPicker overview={data} returnPath={paths.billing} highlight={params.get('plan')} checkout={params.get('checkout') === '1'} />
        </section>
      )}
      <Payments hasCustomer={!!data.subscription || (payments.data?.length ?? 0) > 0} />
      <CreditHistory />
    </div>
  );
}

/** /billing: the plan and its period, payments and invoices, and the whole credit history. */
export function BillingPage() {
  const { status } = useAuth();
  return (
    <WidePageShell
      title="Billing"
      subtitle="Your plan, payments and every credit in and out."
      actions={status === 'signed-in' ? <BackToDashboard /> : undefined}
    >
      {status === 'signed-in' ? (
        <BillingContent />
      ) : status === 'signed-out' ? (
        <SignInToContinue tab="Billing" description="Your plan, payments and credit history belong to your account." />
      ) : (
        <p role="status" className="py-16 text-center text-muted-foreground">
          Loading...
        </p>
      )}
    </WidePageShell>
  );
}
