-- Billing holes (issue: trust boundaries, items 6 and "also fix"):
-- * Chargebacks kept the credits: charge.dispute.* was ignored (buy, spend, dispute, keep). A lost
--   dispute now takes back credits as a refund does (never below zero; what was already spent is
--   owed, paid from the next grant), as 'dispute_clawback' rows the credit history shows.
-- * A refund racing its payment's insert could be lost in billing_pending_refunds: every action
--   on one payment intent now holds a transaction lock on it.
-- * A pack or plan changed while a checkout was open made the webhook raise (500 until Stripe gave
--   up: paid, no credits): the payment is recorded and what was sold is granted, flagged for
--   review; a payment whose amount or currency does not match the pack grants nothing until a
--   person looks (review_reason says why).

alter table public.billing_payments
  add column amount_disputed_cents integer not null default 0 check (amount_disputed_cents >= 0),
  add column review_reason text check (char_length(review_reason) <= 500);
comment on column public.billing_payments.amount_disputed_cents is 'Money a cardholder took back through a dispute Stripe closed as lost.';
comment on column public.billing_payments.review_reason is 'Set when the payment did not match what was sold: a person settles it.';
alter table public.billing_pending_refunds add column amount_disputed_cents integer not null default 0 check (amount_disputed_cents >= 0);

alter table public.credit_ledger drop constraint credit_ledger_reason_check;
alter table public.credit_ledger add constraint credit_ledger_reason_check
  check (reason in ('signup_grant', 'job_debit', 'job_refund', 'purchase', 'plan_grant', 'refund_clawback', 'dispute_clawback', 'adjustment', 'account_closed'));

-- ---------------------------------------------------------------------------------------------
create or replace function private.settle_payment(p_payment_id bigint)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  p public.billing_payments%rowtype;
  v_target_clawback integer;
  v_balance integer;
  v_take integer;
  v_owed integer;
  v_lost integer;
begin
  select * into p from public.billing_payments where id = p_payment_id for update;
  if p.user_id is null then
    return; -- the account was closed: its anonymised ledger is never touched again
  end if;

  if p.credits_granted < p.credits then
    perform private.apply_credit_delta(p.user_id, p.credits - p.credits_granted,
      case p.kind when 'pack' then 'purchase' else 'plan_grant' end);
    update public.credit_ledger set payment_id = p.id
      where id = (select max(id) from public.credit_ledger where user_id = p.user_id);
    update public.billing_payments set credits_granted = p.credits where id = p.id;
    -- A debt from an earlier refund is paid from new credits first.
    select credits, credits_owed into v_balance, v_owed from public.profiles where user_id = p.user_id for update;
    v_take := least(v_owed, v_balance);
    if v_take > 0 then
      perform private.apply_credit_delta(p.user_id, -v_take, 'refund_clawback');
      update public.profiles set credits_owed = credits_owed - v_take where user_id = p.user_id;
    end if;
  end if;

  -- A refund, or a dispute the user won against us (a chargeback), takes back the share of the
  -- credits the money returned covers (all of them when all of it went back).
  v_lost := least(p.amount_cents, p.amount_refunded_cents + p.amount_disputed_cents);
  if p.amount_cents > 0 and v_lost > 0 then
    v_target_clawback := case when v_lost >= p.amount_cents then p.credits
      else floor(p.credits::numeric * v_lost / p.amount_cents)::integer end;
    if v_target_clawback > p.credits_clawed_back then
      select credits into v_balance from public.profiles where user_id = p.user_id for update;
      v_take := least(v_balance, v_target_clawback - p.credits_clawed_back);
      if v_take > 0 then
        perform private.apply_credit_delta(p.user_id, -v_take, case when p.amount_disputed_cents > 0 then 'dispute_clawback' else 'refund_clawback' end);
        update public.credit_ledger set payment_id = p.id
          where id = (select max(id) from public.credit_ledger where user_id = p.user_id);
      end if;
      update public.profiles set credits_owed = credits_owed + (v_target_clawback - p.credits_clawed_back - v_take)
        where user_id = p.user_id;
      update public.billing_payments set credits_clawed_back = v_target_clawback where id = p.id;
    end if;
  end if;
end;
$$;

-- ---------------------------------------------------------------------------------------------
create or replace function public.billing_apply_event(p_event_id text, p_event_type text, p_event_created bigint, p_action jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kind text := p_action ->> 'kind';
  v_user uuid;
  v_credits integer;
  v_payment_id bigint;
  v_refunded integer;
  v_pending integer;
  v_result jsonb;
  v_sub public.billing_subscriptions%rowtype;
  v_disputed integer;
  v_review text;
  v_pack public.credit_packs%rowtype;
  v_sold_price integer;
begin
  if p_event_id is null or p_event_id !~ '^evt_[A-Za-z0-9_]{1,250}$' then
    raise exception 'Bad event id' using errcode = '22023';
  end if;
  insert into public.billing_events (id, type, created) values (p_event_id, p_event_type, p_event_created)
    on conflict (id) do nothing;
  if not found then
    return jsonb_build_object('duplicate', true);
  end if;

  -- A payment, its refunds and its disputes are applied one at a time per payment intent: a refund
  -- racing its payment's insert waits for it instead of parking itself where nobody looks again.
  if p_action ->> 'payment_intent_id' is not null then
    perform pg_advisory_xact_lock(hashtextextended('billing:' || (p_action ->> 'payment_intent_id'), 0));
  end if;

  if v_kind = 'payment' then
    v_user := (p_action ->> 'user_id')::uuid;
    if not exists (select 1 from public.profiles where user_id = v_user) then
      v_result := jsonb_build_object('applied', false, 'reason', 'no such account');
    else
      if p_action ->> 'payment_kind' = 'plan' then
        select credits into v_credits from public.pricing_plans where id = p_action ->> 'product';
        if v_credits is null then
          -- Paid for a plan this database no longer has: recorded, nothing granted, for a person to settle.
          v_credits := 0;
          v_review := format('paid for plan %s, which is not in pricing_plans', p_action ->> 'product');
        end if;
        -- An upgrade within a period tops the period's credits up to the new plan's.
        if p_action ->> 'billing_reason' = 'subscription_update' then
          v_credits := greatest(0, v_credits - coalesce((
            select sum(credits_granted) from public.billing_payments
            where subscription_id = p_action ->> 'subscription_id'
              and period_end > to_timestamp((p_action ->> 'period_start')::bigint)), 0));
        end if;
      else
        -- What the checkout sold (its metadata: credits, price, currency) is what the user paid for.
        -- A payment that does not match what was sold grants nothing until a person has looked; a
        -- pack changed or retired while the checkout was open still grants what was sold, flagged.
        v_credits := (p_action ->> 'credits')::integer;
        select * into v_pack from public.credit_packs where id = p_action ->> 'product';
        v_sold_price := coalesce((p_action ->> 'sold_price_cents')::integer, v_pack.price_cents);
        if v_sold_price is null
           or (p_action ->> 'amount_cents')::integer <> v_sold_price
           or coalesce(p_action ->> 'currency', 'usd') <> coalesce(p_action ->> 'sold_currency', 'usd') then
          v_review := format('paid %s %s for pack %s sold for %s %s', p_action ->> 'amount_cents', coalesce(p_action ->> 'currency', 'usd'),
            p_action ->> 'product', coalesce(v_sold_price::text, '?'), coalesce(p_action ->> 'sold_currency', 'usd'));
          v_credits := 0;
        elsif v_pack.id is null or v_pack.credits <> v_credits or v_pack.price_cents <> v_sold_price then
          v_review := format('pack %s (%s credits for %s) changed while the checkout was open', p_action ->> 'product', v_credits, v_sold_price);
        end if;
      end if;

      insert into public.billing_payments (user_id, kind, product, description, credits, amount_cents, currency,
          checkout_session_id, invoice_id, payment_intent_id, subscription_id, period_start, period_end, receipt_url, review_reason)
        values (v_user, p_action ->> 'payment_kind', p_action ->> 'product', left(p_action ->> 'description', 200), v_credits,
          (p_action ->> 'amount_cents')::integer, coalesce(p_action ->> 'currency', 'usd'),
          p_action ->> 'checkout_session_id', p_action ->> 'invoice_id', p_action ->> 'payment_intent_id',
          p_action ->> 'subscription_id',
          to_timestamp((p_action ->> 'period_start')::bigint), to_timestamp((p_action ->> 'period_end')::bigint),
          p_action ->> 'receipt_url', v_review)
        -- checkout.session.completed and async_payment_succeeded describe the same session: one payment.
        on conflict do nothing
        returning id into v_payment_id;
      if v_payment_id is null then
        v_result := jsonb_build_object('applied', false, 'reason', 'payment already recorded');
      else
        -- A refund that arrived first is applied now.
        delete from public.billing_pending_refunds where payment_intent_id = p_action ->> 'payment_intent_id'
          returning amount_refunded_cents, amount_disputed_cents into v_pending, v_disputed;
        if v_pending is not null then
          update public.billing_payments set amount_refunded_cents = v_pending, amount_disputed_cents = v_disputed where id = v_payment_id;
        end if;
        perform private.settle_payment(v_payment_id);
        v_result := jsonb_build_object('applied', true, 'payment_id', v_payment_id, 'credits', v_credits);
        if v_review is not null then
          v_result := v_result || jsonb_build_object('review', v_review);
        end if;
      end if;
    end if;

  elsif v_kind = 'refund' then
    v_refunded := (p_action ->> 'amount_refunded_cents')::integer;
    if v_refunded is null or v_refunded < 0 then
      raise exception 'Bad refund amount' using errcode = '22023';
    end if;
    select id into v_payment_id from public.billing_payments where payment_intent_id = p_action ->> 'payment_intent_id' for update;
    if v_payment_id is null then
      insert into public.billing_pending_refunds (payment_intent_id, amount_refunded_cents)
        values (p_action ->> 'payment_intent_id', v_refunded)
        on conflict (payment_intent_id) do update set amount_refunded_cents = greatest(excluded.amount_refunded_cents, public.billing_pending_refunds.amount_refunded_cents);
      v_result := jsonb_build_object('applied', true, 'pending', true);
    else
      -- Stripe reports the charge's total refunded so far: the largest seen wins, whatever the order.
      update public.billing_payments set amount_refunded_cents = greatest(amount_refunded_cents, v_refunded) where id = v_payment_id;
      perform private.settle_payment(v_payment_id);
      v_result := jsonb_build_object('applied', true, 'payment_id', v_payment_id);
    end if;

  elsif v_kind = 'dispute' then
    -- A dispute the cardholder won (Stripe: charge.dispute.closed, status lost): like a refund of the disputed amount.
    v_disputed := (p_action ->> 'amount_disputed_cents')::integer;
    if v_disputed is null or v_disputed < 0 then
      raise exception 'Bad dispute amount' using errcode = '22023';
    end if;
    select id into v_payment_id from public.billing_payments where payment_intent_id = p_action ->> 'payment_intent_id' for update;
    if v_payment_id is null then
      insert into public.billing_pending_refunds (payment_intent_id, amount_refunded_cents, amount_disputed_cents)
        values (p_action ->> 'payment_intent_id', 0, v_disputed)
        on conflict (payment_intent_id) do update set amount_disputed_cents = greatest(excluded.amount_disputed_cents, public.billing_pending_refunds.amount_disputed_cents);
      v_result := jsonb_build_object('applied', true, 'pending', true);
    else
      update public.billing_payments set amount_disputed_cents = greatest(amount_disputed_cents, v_disputed) where id = v_payment_id;
      perform private.settle_payment(v_payment_id);
      v_result := jsonb_build_object('applied', true, 'payment_id', v_payment_id);
    end if;

  elsif v_kind = 'subscription' then
    v_user := (p_action ->> 'user_id')::uuid;
    if not exists (select 1 from public.profiles where user_id = v_user) then
      v_result := jsonb_build_object('applied', false, 'reason', 'no such account');
    else
      select * into v_sub from public.billing_subscriptions where id = p_action ->> 'id' for update;
      if found and (v_sub.event_created > p_event_created or v_sub.status in ('canceled', 'incomplete_expired')) then
        -- An older state (Stripe does not promise order), or one after the subscription ended.
        v_result := jsonb_build_object('applied', false, 'reason', 'stale');
      else
        insert into public.billing_subscriptions as s (id, user_id, plan, status, current_period_start, current_period_end,
            cancel_at_period_end, canceled_at, ended_at, event_created, updated_at)
          values (p_action ->> 'id', v_user, p_action ->> 'plan', p_action ->> 'status',
            to_timestamp((p_action ->> 'current_period_start')::bigint), to_timestamp((p_action ->> 'current_period_end')::bigint),
            coalesce((p_action ->> 'cancel_at_period_end')::boolean, false),
            to_timestamp((p_action ->> 'canceled_at')::bigint), to_timestamp((p_action ->> 'ended_at')::bigint),
            p_event_created, now())
          on conflict (id) do update set plan = excluded.plan, status = excluded.status,
            current_period_start = excluded.current_period_start, current_period_end = excluded.current_period_end,
            cancel_at_period_end = excluded.cancel_at_period_end, canceled_at = excluded.canceled_at,
            ended_at = excluded.ended_at, event_created = excluded.event_created, updated_at = now();
        perform private.sync_plan(v_user);
        v_result := jsonb_build_object('applied', true);
      end if;
    end if;

  elsif v_kind = 'ignore' then
    v_result := jsonb_build_object('applied', false, 'reason', 'not a billing event');
  else
    raise exception 'Unknown action %', v_kind using errcode = '22023';
  end if;

  update public.billing_events set result = v_result where id = p_event_id;
  return v_result;
end;
$$;
revoke all on function public.billing_apply_event(text, text, bigint, jsonb) from public, anon, authenticated;
grant execute on function public.billing_apply_event(text, text, bigint, jsonb) to service_role;
