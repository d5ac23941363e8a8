-- Low-credit warnings, once per threshold per period, on every device.
--
-- A paid plan warns at 80% and at 100% of the period's plan credits used (the ledger's job debits
-- less refunds since the period began, as billing_overview counts them). An account without a
-- plan's allowance (the trial, packs only), and a plan user whose balance cannot pay for the
-- cheapest run the plan includes, is warned once its balance cannot pay for that run.
--
-- "Once" is recorded here: credit_warning() claims the threshold for the period in the same
-- statement that finds it due, so two tabs or two devices never both show it. The period is the
-- subscription's billing period; without one it is the time since credits were last received (a
-- pack bought starts a new one).

create table public.credit_warnings (
  user_id uuid not null references public.profiles (user_id) on delete cascade,
  period_start timestamptz not null,
  threshold text not null check (threshold in ('80', '100', 'cannot_pay')),
  shown_at timestamptz not null default now(),
  primary key (user_id, period_start, threshold)
);
comment on table public.credit_warnings is
  'The low-credit warnings a user has been shown, one row per threshold and period. Written only by credit_warning().';

alter table public.credit_warnings enable row level security;
create policy "users read their own credit warnings" on public.credit_warnings
  for select to authenticated using ((select auth.uid()) = user_id);
revoke all on table public.credit_warnings from anon, authenticated;
grant select on table public.credit_warnings to authenticated;

create or replace function public.credit_warning()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_profile public.profiles%rowtype;
  v_sub public.billing_subscriptions%rowtype;
  v_allowance integer;
  v_since timestamptz;
  v_used integer;
  v_cheapest integer;
  v_threshold text;
begin
  if v_uid is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  select * into v_profile from public.profiles where user_id = v_uid;
  if v_profile.user_id is null then
    return null;
  end if;
  select * into v_sub from public.billing_subscriptions
    where user_id = v_uid and status in ('active', 'trialing', 'past_due')
    order by current_period_end desc nulls last limit 1;
  if v_profile.plan <> 'trial' then
    select credits into v_allowance from public.pricing_plans where id = v_profile.plan;
  end if;
  if v_sub.id is not null and v_sub.current_period_start is not null then
    v_since := v_sub.current_period_start;
  else
    select max(created_at) into v_since from public.credit_ledger
      where user_id = v_uid and reason in ('signup_grant', 'purchase', 'plan_grant');
    v_since := coalesce(v_since, v_profile.created_at);
  end if;
  select coalesce(-sum(delta), 0) into v_used from public.credit_ledger
    where user_id = v_uid and reason in ('job_debit', 'job_refund') and created_at >= v_since;
  select min(p.credits) into v_cheapest from public.studio_prices p
    join public.plan_studios s on s.studio = p.studio and s.plan = v_profile.plan
    where p.preset = 'default';

  if v_allowance is not null and v_used >= v_allowance then
    v_threshold := '100';
  elsif v_allowance is not null and v_used * 5 >= v_allowance * 4 then
    v_threshold := '80';
  elsif v_cheapest is not null and v_profile.credits < v_cheapest then
    v_threshold := 'cannot_pay';
  else
    return null;
  end if;

  insert into public.credit_warnings (user_id, period_start, threshold)
    values (v_uid, v_since, v_threshold)
    on conflict do nothing;
  if not found then
    return null;
  end if;
  return jsonb_build_object(
    'threshold', v_threshold,
    'plan', v_profile.plan,
    'balance', v_profile.credits,
    'allowance', v_allowance,
    'used', greatest(v_used, 0),
    'cheapest', v_cheapest,
    'period_end', v_sub.current_period_end);
end;
$$;
comment on function public.credit_warning() is
  'The low-credit warning due to the signed-in user now, claimed for its period so it is shown once; null when none is due or it was already shown.';
revoke all on function public.credit_warning() from public, anon;
grant execute on function public.credit_warning() to authenticated;
