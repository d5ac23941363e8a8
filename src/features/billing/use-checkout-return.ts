import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { creditKeys } from '@/domains/credits/api';
import { PLAN_LABELS } from '@/domains/credits/plans';
import type { Plan } from '@/domains/credits/types';
import { countOf } from '@/lib/format';
import { supabase } from '@/lib/supabase';
import { billingKeys } from './api';

export type CheckoutReturn =
  | { state: 'none' }
  | { state: 'waiting' }
  | { state: 'done'; message: string }
  | { state: 'slow' }
  | { state: 'cancelled' };

const POLL_MS = 1000;
const GIVE_UP_MS = 60_000;

/** Has Stripe's webhook been applied yet? A pack: its payment row. A plan: a live subscription. */
async function arrived(kind: 'pack' | 'plan', sessionId: string): Promise<string | null> {
  if (kind === 'plan') {
    const { data } = await supabase().from('billing_subscriptions').select('plan').in('status', ['active', 'trialing']).limit(1);
    const { data: profile } = await supabase().from('profiles').select('plan').maybeSingle();
    return data?.[0] && profile?.plan === data[0].plan ? `Your ${PLAN_LABELS[data[0].plan as Plan]} plan is active.` : null;
  }
  const { data } = await supabase().from('billing_payments').select('credits').eq('checkout_session_id', sessionId).maybeSingle();
  if (!data) return null;
  const { data: profile } = await supabase().from('profiles').select('credits').maybeSingle();
  return `${countOf(data.credits, 'credit', 'credits')} added. You now have ${countOf(profile?.credits ?? 0, 'credit', 'credits')}.`;
}

/**
 * Back from Stripe Checkout (`?checkout=success&session_id=…` or `?checkout=cancelled`): waits for
 * the payment's webhook to land, then refreshes the balance and says what changed. `kind` says
 * what was bought (`&bought=plan` on the return path for plans).
 */
export function useCheckoutReturn(): CheckoutReturn {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const outcome = params.get('checkout');
  const sessionId = params.get('session_id') ?? '';
  const kind = params.get('bought') === 'plan' ? 'plan' : 'pack';
  const [result, setResult] = useState<CheckoutReturn>(() =>
    outcome === 'success' && /^cs_[A-Za-z0-9_]+$/.test(sessionId) ? { state: 'waiting' } : outcome === 'cancelled' ? { state: 'cancelled' } : { state: 'none' },
  );

  useEffect(() => {
    if (result.state !== 'waiting') return;
    let stopped = false;
    const started = Date.now();
    const tick = async () => {
      if (stopped) return;
      const message = await arrived(kind, sessionId).catch(() => null);
      if (stopped) return;
      if (message) {
        await Promise.all([queryClient.invalidateQueries({ queryKey: creditKeys.all }), queryClient.invalidateQueries({ queryKey: billingKeys.all })]);
        toast.success('Payment received', { description: message });
        setResult({ state: 'done', message });
        const next = new URLSearchParams(params);
        for (const key of ['checkout', 'session_id', 'bought']) next.delete(key);
        setParams(next, { replace: true });
        return;
      }
      if (Date.now() - started > GIVE_UP_MS) return setResult({ state: 'slow' });
      setTimeout(() => void tick(), POLL_MS);
    };
    void tick();
    return () => {
      stopped = true;
    };
    // Runs once per return; params change only when it finishes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result.state, kind, sessionId]);

  return result;
}
