-- Profiles, the credit ledger and the one price list.
--
-- Credits change only through private.apply_credit_delta(), which locks the profile row, writes
-- the ledger row and the new balance together, so profiles.credits always equals the sum of the
-- user's ledger deltas and can never go negative. Clients cannot write credits, plan or usage.

create schema if not exists private;
comment on schema private is 'Internal functions and helpers; not exposed through the API.';
revoke all on schema private from public, anon, authenticated;
grant usage on schema private to service_role;

create or replace function private.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- profiles
-- ---------------------------------------------------------------------------------------------
create table public.profiles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  email text,
  full_name text check (char_length(full_name) <= 200),
  first_name text check (char_length(first_name) <= 100),
  last_name text check (char_length(last_name) <= 100),
  company text check (char_length(company) <= 200),
  role text check (role in ('founder', 'marketing', 'content', 'creator', 'freelancer', 'other')),
  team_size text check (team_size in ('solo', 'small', 'medium', 'large', 'enterprise')),
  use_case text check (use_case in ('marketing', 'social', 'education', 'product', 'testimonials', 'other')),
  avatar_url text check (char_length(avatar_url) <= 2048),
  marketing_opt_in boolean not null default false,
  credits integer not null default 0 check (credits >= 0),
  plan text not null default 'starter' check (plan in ('trial', 'starter', 'professional', 'enterprise')),
  usage_current jsonb not null default '{}'::jsonb,
  usage_limits jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is
  'One row per auth user, created by a trigger on sign-up. credits, plan and usage are written only by security-definer functions.';

create trigger profiles_touch_updated_at before update on public.profiles
  for each row execute function private.touch_updated_at();

alter table public.profiles enable row level security;

create policy "users read their own profile" on public.profiles
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "users update their own profile" on public.profiles
  for update to authenticated using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);

-- Column privileges: the billing columns are not writable by any client, whatever the policies say.
revoke all on table public.profiles from anon, authenticated;
grant select on table public.profiles to authenticated;
grant update (full_name, first_name, last_name, company, role, team_size, use_case, avatar_url, marketing_opt_in)
  on table public.profiles to authenticated;

-- ---------------------------------------------------------------------------------------------
-- studio_prices: the one price list (docs/architecture.md §7)
-- ---------------------------------------------------------------------------------------------
create table public.studio_prices (
  studio text not null check (studio in ('lightbox', 'refine_image', 'spin360', 'ugc', 'competitor_ad')),
  preset text not null default 'default' check (preset ~ '^[a-z0-9_]{1,40}$'),
  credits integer not null check (credits > 0),
  label text not null,
  primary key (studio, preset)
);
comment on table public.studio_prices is
  'Credit cost of each studio (preset ''default'') and of presets that cost differently. The UI and start_job() read it; nothing re-types it.';

alter table public.studio_prices enable row level security;
create policy "anyone reads studio prices" on public.studio_prices for select to anon, authenticated using (true);
revoke all on table public.studio_prices from anon, authenticated;
grant select on table public.studio_prices to anon, authenticated;

insert into public.studio_prices (studio, preset, credits, label) values
  ('lightbox', 'default', 1, 'Lightbox'),
  ('refine_image', 'default', 2, 'Refine Image'),
  ('refine_image', 'upscale', 3, 'AI Upscaling'),
  ('spin360', 'default', 5, '360° Videos'),
  ('ugc', 'default', 5, 'UGC Video Creator'),
  ('competitor_ad', 'default', 10, 'Competitor Ad Analyzer');

-- ---------------------------------------------------------------------------------------------
-- pricing_plans (docs/spec.md §9, landing reading)
-- ---------------------------------------------------------------------------------------------
create table public.pricing_plans (
  id text primary key check (id in ('starter', 'professional', 'enterprise')),
  name text not null,
  price_cents integer not null check (price_cents >= 0),
  credits integer not null check (credits > 0),
  popular boolean not null default false,
  features text[] not null default '{}',
  sort_order integer not null,
  is_active boolean not null default true
);
comment on table public.pricing_plans is 'Monthly plans shown on the landing page and billing; prices in US cents.';

alter table public.pricing_plans enable row level security;
create policy "anyone reads active pricing plans" on public.pricing_plans for select to anon, authenticated using (is_active);
revoke all on table public.pricing_plans from anon, authenticated;
grant select on table public.pricing_plans to anon, authenticated;

insert into public.pricing_plans (id, name, price_cents, credits, popular, sort_order, features) values
  ('starter', 'Starter', 9900, 199, false, 1,
    array['199 credits every month', 'Lightbox and Refine Image studios', 'Content library', 'Post to 5 social platforms']),
  ('professional', 'Professional', 14900, 300, true, 2,
    array['300 credits every month', 'Every studio, incl. 360° spins', 'Social analytics', 'Priority processing']),
  ('enterprise', 'Enterprise', 49900, 1200, false, 3,
    array['1,200 credits every month', 'UGC videos and competitor ad analysis', 'Team seats', 'Dedicated support']);

-- ---------------------------------------------------------------------------------------------
-- credit_ledger
-- ---------------------------------------------------------------------------------------------
create table public.credit_ledger (
  id bigint generated always as identity primary key,
  user_id uuid not null references public.profiles (user_id) on delete cascade,
  delta integer not null check (delta <> 0),
  reason text not null check (reason in ('signup_grant', 'job_debit', 'job_refund', 'purchase', 'plan_grant', 'adjustment')),
  studio text check (studio in ('lightbox', 'refine_image', 'spin360', 'ugc', 'competitor_ad')),
  job_id uuid,
  balance_after integer not null check (balance_after >= 0),
  created_at timestamptz not null default now()
);
comment on table public.credit_ledger is
  'Every credit change, append-only. For each user sum(delta) = profiles.credits. A job has at most one debit and one refund.';

create index credit_ledger_user_created_idx on public.credit_ledger (user_id, created_at desc);
-- credit_summary() and dashboard_stats() sum a user's job debits and refunds per studio.
create index credit_ledger_user_reason_studio_idx on public.credit_ledger (user_id, reason, studio) include (delta);
create unique index credit_ledger_one_debit_per_job on public.credit_ledger (job_id) where reason = 'job_debit';
create unique index credit_ledger_one_refund_per_job on public.credit_ledger (job_id) where reason = 'job_refund';

alter table public.credit_ledger enable row level security;
create policy "users read their own ledger" on public.credit_ledger
  for select to authenticated using ((select auth.uid()) = user_id);
revoke all on table public.credit_ledger from anon, authenticated;
grant select on table public.credit_ledger to authenticated;

-- The only writer of credits. Locks the profile row; refuses to go below zero.
create or replace function private.apply_credit_delta(
  p_user_id uuid, p_delta integer, p_reason text, p_studio text default null, p_job_id uuid default null
)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_balance integer;
begin
  select credits into v_balance from public.profiles where user_id = p_user_id for update;
  if not found then
    raise exception 'Profile not found' using errcode = 'PT404', detail = 'profile_not_found';
  end if;
  if v_balance + p_delta < 0 then
    raise exception 'Insufficient credits' using
      errcode = 'P0001',
      detail = 'insufficient_credits',
      hint = format('This needs %s credits and your balance is %s.', -p_delta, v_balance);
  end if;
  update public.profiles set credits = v_balance + p_delta where user_id = p_user_id;
  insert into public.credit_ledger (user_id, delta, reason, studio, job_id, balance_after)
    values (p_user_id, p_delta, p_reason, p_studio, p_job_id, v_balance + p_delta);
  return v_balance + p_delta;
end;
$$;
revoke all on function private.apply_credit_delta(uuid, integer, text, text, uuid) from public, anon, authenticated;
grant execute on function private.apply_credit_delta(uuid, integer, text, text, uuid) to service_role;

-- ---------------------------------------------------------------------------------------------
-- New users: a trial profile with 5 free credits, from the sign-up metadata
-- ---------------------------------------------------------------------------------------------
create or replace function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  pick text;
begin
  insert into public.profiles (user_id, email, full_name, first_name, last_name, company, role, team_size, use_case, avatar_url, marketing_opt_in, plan)
  values (
    new.id,
    new.email,
    left(coalesce(nullif(meta ->> 'full_name', ''), nullif(meta ->> 'name', ''),
      nullif(trim(concat_ws(' ', meta ->> 'first_name', meta ->> 'last_name')), '')), 200),
    left(meta ->> 'first_name', 100),
    left(meta ->> 'last_name', 100),
    left(meta ->> 'company', 200),
    case when meta ->> 'role' in ('founder', 'marketing', 'content', 'creator', 'freelancer', 'other') then meta ->> 'role' end,
    case when meta ->> 'team_size' in ('solo', 'small', 'medium', 'large', 'enterprise') then meta ->> 'team_size' end,
    case when meta ->> 'use_case' in ('marketing', 'social', 'education', 'product', 'testimonials', 'other') then meta ->> 'use_case' end,
    left(coalesce(meta ->> 'avatar_url', meta ->> 'picture'), 2048),
    coalesce(meta ->> 'agree_to_marketing' = 'true', false),
    'trial'
  );
  perform private.apply_credit_delta(new.id, 5, 'signup_grant');
  return new;
end;
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.handle_new_user();

create or replace function private.sync_profile_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles set email = new.email where user_id = new.id;
  return new;
end;
$$;

create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (old.email is distinct from new.email) execute function private.sync_profile_email();
