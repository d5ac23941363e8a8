-- Billing through Stripe: the credit packs, each user's Stripe customer, subscriptions, payments,
-- and the Stripe events applied exactly once.
--
-- The stripe-webhook edge function verifies an event's signature, reads what it needs from Stripe
-- and hands one normalised action to public.billing_apply_event(), which in one transaction
-- records the event id (a second delivery changes nothing), writes the payment or subscription
-- and settles the payment's credits through the ledger. Prices come from credit_packs and
-- pricing_plans; nothing here trusts an amount a browser sent.

-- ---------------------------------------------------------------------------------------------
-- credit_packs: one-off top-ups, the one price list for them
-- ---------------------------------------------------------------------------------------------
create table public.credit_packs (
  id text primary key check (id ~ '^[a-z0-9_]{1,40}$'),
  name text not null,
  credits integer not null check (credits > 0),
  price_cents integer not null check (price_cents > 0),
  sort_order integer not null,
  is_active boolean not null default true
);
comment on table public.credit_packs is 'One-off credit packs; prices in US cents. Checkout reads the amount here, never from the request.';

alter table public.credit_packs enable row level security;
create policy "anyone reads active credit packs" on public.credit_packs for select to anon, authenticated using (is_active);
revoke all on table public.credit_packs from anon, authenticated;
grant select on table public.credit_packs to anon, authenticated;

insert into public.credit_packs (id, name, credits, price_cents, sort_order) values
  ('pack_50', 'Boost', 50, 1900, 1),
  ('pack_150', 'Growth', 150, 4900, 2),
  ('pack_500', 'Scale', 500, 14900, 3);

-- ---------------------------------------------------------------------------------------------
-- billing_customers: a user's Stripe customer, created once and remembered (server only)
-- ---------------------------------------------------------------------------------------------
create table public.billing_customers (
  user_id uuid primary key references public.profiles (user_id) on delete cascade,
  stripe_customer_id text not null unique check (char_length(stripe_customer_id) <= 255),
  created_at timestamptz not null default now()
);
comment on table public.billing_customers is 'The Stripe customer of each user. Written and read only by the billing functions.';
alter table public.billing_customers enable row level security;
revoke all on table public.billing_customers from anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- billing_subscriptions: the state of each Stripe subscription, latest event wins
-- ---------------------------------------------------------------------------------------------
create table public.billing_subscriptions (
  id text primary key check (char_length(id) <= 255),
  user_id uuid not null references public.profiles (user_id) on delete cascade,
  plan text not null check (plan in ('starter', 'professional', 'enterprise')),
  status text not null check (status in ('incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused')),
  current_period_start timestamptz,
  current_period_end timestamptz,
  cancel_at_period_end boolean not null default false,
  canceled_at timestamptz,
  ended_at timestamptz,
  -- The Stripe `created` time of the event that wrote this state: an older event never overwrites it.
  event_created bigint not null default 0,
  updated_at timestamptz not null default now()
);
comment on table public.billing_subscriptions is 'Stripe subscriptions as their webhooks last described them. profiles.plan follows the live one.';
create index billing_subscriptions_user_idx on public.billing_subscriptions (user_id);

alter table public.billing_subscriptions enable row level security;
create policy "users read their own subscriptions" on public.billing_subscriptions
  for select to authenticated using ((select auth.uid()) = user_id);
revoke all on table public.billing_subscriptions from anon, authenticated;
grant select on table public.billing_subscriptions to authenticated;

-- ---------------------------------------------------------------------------------------------
-- billing_payments: every paid checkout and invoice, with the credits it granted and clawed back
-- ---------------------------------------------------------------------------------------------
create table public.billing_payments (
  id bigint generated always as identity primary key,
  user_id uuid references public.profiles (user_id) on delete set null,
  kind text not null check (kind in ('pack', 'plan')),
  product text not null check (char_length(product) <= 40),
  description text not null check (char_length(description) <= 200),
  credits integer not null check (credits >= 0),
  amount_cents integer not null check (amount_cents >= 0),
  currency text not null default 'usd' check (currency ~ '^[a-z]{3}$'),
  amount_refunded_cents integer not null default 0 check (amount_refunded_cents >= 0),
  credits_granted integer not null default 0 check (credits_granted >= 0),
  credits_clawed_back integer not null default 0 check (credits_clawed_back >= 0),
  checkout_session_id text unique,
  invoice_id text unique,
  payment_intent_id text unique,
  subscription_id text,
  period_start timestamptz,
  period_end timestamptz,
  receipt_url text check (char_length(receipt_url) <= 2048),
  created_at timestamptz not null default now(),
  check (checkout_session_id is not null or invoice_id is not null)
);
comment on table public.billing_payments is
  'Paid credit packs (a checkout session) and plan invoices, with the credits granted and any taken back after a refund.';
create index billing_payments_user_created_idx on public.billing_payments (user_id, created_at desc);
create index billing_payments_subscription_idx on public.billing_payments (subscription_id) where subscription_id is not null;

alter table public.billing_payments enable row level security;
create policy "users read their own payments" on public.billing_payments
  for select to authenticated using ((select auth.uid()) = user_id);
revoke all on table public.billing_payments from anon, authenticated;
grant select on table public.billing_payments to authenticated;

-- A refund Stripe reports before the payment it refunds (events arrive in any order).
create table public.billing_pending_refunds (
  payment_intent_id text primary key,
  amount_refunded_cents integer not null check (amount_refunded_cents >= 0),
  received_at timestamptz not null default now()
);
alter table public.billing_pending_refunds enable row level security;
revoke all on table public.billing_pending_refunds from anon, authenticated;

-- Each Stripe event id once.
create table public.billing_events (
  id text primary key check (char_length(id) <= 255),
  type text not null,
  created bigint not null,
  result jsonb not null default '{}'::jsonb,
  applied_at timestamptz not null default now()
);
comment on table public.billing_events is 'Stripe events already applied; a redelivery finds its id here and changes nothing.';
alter table public.billing_events enable row level security;
revoke all on table public.billing_events from anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- The ledger learns refunds and debts
-- ---------------------------------------------------------------------------------------------
alter table public.credit_ledger add column payment_id bigint references public.billing_payments (id) on delete set null;
alter table public.credit_ledger drop constraint credit_ledger_reason_check;
alter table public.credit_ledger add constraint credit_ledger_reason_check
  check (reason in ('signup_grant', 'job_debit', 'job_refund', 'purchase', 'plan_grant', 'refund_clawback', 'adjustment', 'account_closed'));
create index credit_ledger_payment_idx on public.credit_ledger (payment_id) where payment_id is not null;

-- Credits a refund should have taken back but could not, because they were already spent. The
-- balance never goes below zero: the next credits the user receives pay this first.
alter table public.profiles add column credits_owed integer not null default 0 check (credits_owed >= 0);
comment on column public.profiles.credits_owed is
  'Refunded credits that were already spent; taken from the next grant. Written only by the billing functions.';

-- ---------------------------------------------------------------------------------------------
-- Settling a payment: granted - clawed_back always equals what the payment is still worth
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

  -- A refund takes back the share of the credits it refunds (all of them for a full refund).
  if p.amount_cents > 0 and p.amount_refunded_cents > 0 then
    v_target_clawback := case when p.amount_refunded_cents >= p.amount_cents then p.credits
      else floor(p.credits::numeric * p.amount_refunded_cents / p.amount_cents)::integer end;
    if v_target_clawback > p.credits_clawed_back then
      select credits into v_balance from public.profiles where user_id = p.user_id for update;
      v_take := least(v_balance, v_target_clawback - p.credits_clawed_back);
      if v_take > 0 then
        perform private.apply_credit_delta(p.user_id, -v_take, 'refund_clawback');
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

-- profiles.plan follows the user's live subscription; without one the account is on the free trial plan.
create or replace function private.sync_plan(p_user_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_plan text;
begin
  select plan into v_plan from public.billing_subscriptions
    where user_id = p_user_id and status in ('active', 'trialing', 'past_due')
    order by current_period_end desc nulls last limit 1;
  update public.profiles set plan = coalesce(v_plan, 'trial') where user_id = p_user_id and plan is distinct from coalesce(v_plan, 'trial');
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- The one entry point of the stripe-webhook function (service role only)
--
--   p_action.kind = 'payment'       { user_id, payment_kind: pack|plan, product, description, credits?, amount_cents, currency,
--                                     checkout_session_id? | invoice_id?, payment_intent_id?, subscription_id?,
--                                     billing_reason?, period_start?, period_end?, receipt_url? }
--   p_action.kind = 'subscription'  { user_id, id, plan, status, current_period_start, current_period_end,
--                                     cancel_at_period_end, canceled_at, ended_at }   (unix seconds)
--   p_action.kind = 'refund'        { payment_intent_id, amount_refunded_cents }
--   p_action.kind = 'ignore'        (an event we do not act on; still recorded)
--
-- A plan payment's credits come from pricing_plans; a pack's are checked against credit_packs.
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
begin
  if p_event_id is null or p_event_id !~ '^evt_[A-Za-z0-9_]{1,250}$' then
    raise exception 'Bad event id' using errcode = '22023';
  end if;
  insert into public.billing_events (id, type, created) values (p_event_id, p_event_type, p_event_created)
    on conflict (id) do nothing;
  if not found then
    return jsonb_build_object('duplicate', true);
  end if;

  if v_kind = 'payment' then
    v_user := (p_action ->> 'user_id')::uuid;
    if not exists (select 1 from public.profiles where user_id = v_user) then
      v_result := jsonb_build_object('applied', false, 'reason', 'no such account');
    else
      if p_action ->> 'payment_kind' = 'plan' then
        select credits into v_credits from public.pricing_plans where id = p_action ->> 'product';
        if v_credits is null then
          raise exception 'Unknown plan %', p_action ->> 'product' using errcode = '22023';
        end if;
        -- An upgrade within a period tops the period's credits up to the new plan's.
        if p_action ->> 'billing_reason' = 'subscription_update' then
          v_credits := greatest(0, v_credits - coalesce((
            select sum(credits_granted) from public.billing_payments
            where subscription_id = p_action ->> 'subscription_id'
              and period_end > to_timestamp((p_action ->> 'period_start')::bigint)), 0));
        end if;
      else
        v_credits := (p_action ->> 'credits')::integer;
        if not exists (select 1 from public.credit_packs where id = p_action ->> 'product' and credits = v_credits) then
          raise exception 'Unknown pack % of % credits', p_action ->> 'product', v_credits using errcode = '22023';
        end if;
      end if;

      insert into public.billing_payments (user_id, kind, product, description, credits, amount_cents, currency,
          checkout_session_id, invoice_id, payment_intent_id, subscription_id, period_start, period_end, receipt_url)
        values (v_user, p_action ->> 'payment_kind', p_action ->> 'product', left(p_action ->> 'description', 200), v_credits,
          (p_action ->> 'amount_cents')::integer, coalesce(p_action ->> 'currency', 'usd'),
          p_action ->> 'checkout_session_id', p_action ->> 'invoice_id', p_action ->> 'payment_intent_id',
          p_action ->> 'subscription_id',
          to_timestamp((p_action ->> 'period_start')::bigint), to_timestamp((p_action ->> 'period_end')::bigint),
          p_action ->> 'receipt_url')
        -- checkout.session.completed and async_payment_succeeded describe the same session: one payment.
        on conflict do nothing
        returning id into v_payment_id;
      if v_payment_id is null then
        v_result := jsonb_build_object('applied', false, 'reason', 'payment already recorded');
      else
        -- A refund that arrived first is applied now.
        delete from public.billing_pending_refunds where payment_intent_id = p_action ->> 'payment_intent_id'
          returning amount_refunded_cents into v_pending;
        if v_pending is not null then
          update public.billing_payments set amount_refunded_cents = v_pending where id = v_payment_id;
        end if;
        perform private.settle_payment(v_payment_id);
        v_result := jsonb_build_object('applied', true, 'payment_id', v_payment_id, 'credits', v_credits);
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

-- Remembering a user's Stripe customer (create-checkout-session): the first one stored wins.
create or replace function public.billing_remember_customer(p_user_id uuid, p_customer_id text)
returns text
language sql
security definer
set search_path = ''
as $$
  insert into public.billing_customers (user_id, stripe_customer_id) values (p_user_id, p_customer_id)
    on conflict (user_id) do update set user_id = excluded.user_id
    returning stripe_customer_id;
$$;
revoke all on function public.billing_remember_customer(uuid, text) from public, anon, authenticated;
grant execute on function public.billing_remember_customer(uuid, text) to service_role;

-- ---------------------------------------------------------------------------------------------
-- What /billing shows about the current period (the caller's own)
-- ---------------------------------------------------------------------------------------------
create or replace function public.billing_overview()
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_profile public.profiles%rowtype;
  v_sub public.billing_subscriptions%rowtype;
  v_since timestamptz;
  v_used integer;
  v_received integer;
begin
  if v_uid is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  select * into v_profile from public.profiles where user_id = v_uid;
  select * into v_sub from public.billing_subscriptions
    where user_id = v_uid and status in ('active', 'trialing', 'past_due')
    order by current_period_end desc nulls last limit 1;
  v_since := coalesce(v_sub.current_period_start, v_profile.created_at);
  select coalesce(-sum(delta) filter (where reason in ('job_debit', 'job_refund')), 0),
         coalesce(sum(delta) filter (where reason in ('signup_grant', 'purchase', 'plan_grant')), 0)
    into v_used, v_received
    from public.credit_ledger where user_id = v_uid and created_at >= v_since;
  return jsonb_build_object(
    'plan', v_profile.plan,
    'balance', v_profile.credits,
    'credits_owed', v_profile.credits_owed,
    'period_start', v_since,
    'credits_used', greatest(v_used, 0),
    'credits_received', v_received,
    'subscription', case when v_sub.id is null then null else jsonb_build_object(
      'id', v_sub.id, 'plan', v_sub.plan, 'status', v_sub.status,
      'current_period_end', v_sub.current_period_end, 'cancel_at_period_end', v_sub.cancel_at_period_end) end);
end;
$$;
revoke all on function public.billing_overview() from public, anon;
grant execute on function public.billing_overview() to authenticated;
