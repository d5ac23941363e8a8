-- Which plan unlocks which studio (issue 33 #1), in one table the database owns and enforces.
--
-- The rule:
--   Lightbox                                      every plan (trial, starter, professional, enterprise)
--   Refine Image, 360° Videos                     professional and enterprise
--   UGC Video Creator, Competitor Ad Analyzer     enterprise
--   a trial account                               every studio, bounded by its free credits: a trial
--                                                 exists to show what each studio makes
-- (Social Analytics stays Pro+: private.plan_allows_analytics.)
--
-- The sidebar, pricing cards, studio pages and How it works read the same rule from
-- src/lib/credits/plan-studios.ts, which tests compare with this table. start_job refuses a studio
-- the caller's plan does not include before anything is charged (detail 'plan_required', hint the
-- plan that unlocks it); the worker's free paths (UGC previews, ad variations) ask
-- check_studio_plan. Credit packs never change profiles.plan: only a live subscription does
-- (private.sync_plan).

create table public.plan_studios (
  plan text not null check (plan in ('trial', 'starter', 'professional', 'enterprise')),
  studio text not null check (studio in ('lightbox', 'refine_image', 'spin360', 'ugc', 'competitor_ad')),
  primary key (plan, studio)
);
comment on table public.plan_studios is
  'The studios each plan includes (one row per plan and studio). start_job() enforces it; the SPA mirrors it in src/lib/credits/plan-studios.ts, checked by tests.';

alter table public.plan_studios enable row level security;
create policy "anyone reads which plan includes which studio" on public.plan_studios for select to anon, authenticated using (true);
revoke all on table public.plan_studios from anon, authenticated;
grant select on table public.plan_studios to anon, authenticated;

insert into public.plan_studios (plan, studio) values
  ('trial', 'lightbox'), ('trial', 'refine_image'), ('trial', 'spin360'), ('trial', 'ugc'), ('trial', 'competitor_ad'),
  ('starter', 'lightbox'),
  ('professional', 'lightbox'), ('professional', 'refine_image'), ('professional', 'spin360'),
  ('enterprise', 'lightbox'), ('enterprise', 'refine_image'), ('enterprise', 'spin360'), ('enterprise', 'ugc'), ('enterprise', 'competitor_ad');

-- The pricing cards say which studios a plan has from the table above (the SPA writes that line);
-- the features list keeps only what is not a studio, so the two can no longer disagree
-- ("Starter: Lightbox and Refine Image", "Professional: every studio" did).
update public.pricing_plans set features = array['199 credits every month', 'Content library', 'Post to 5 social platforms'] where id = 'starter';
update public.pricing_plans set features = array['300 credits every month', 'Social analytics', 'Priority processing'] where id = 'professional';
update public.pricing_plans set features = array['1,200 credits every month', 'Social analytics', 'Team seats', 'Dedicated support'] where id = 'enterprise';

-- ---------------------------------------------------------------------------------------------
create or replace function public.studio_required_plan(studio text)
returns text
language sql
stable
set search_path = ''
as $$
  select pp.id
    from public.pricing_plans pp
    join public.plan_studios ps on ps.plan = pp.id and ps.studio = studio_required_plan.studio
   order by pp.sort_order
   limit 1;
$$;
comment on function public.studio_required_plan(text) is
  'The lowest paid plan (pricing_plans order) that includes a studio, from plan_studios: the plan an upgrade must reach.';
revoke all on function public.studio_required_plan(text) from public;
grant execute on function public.studio_required_plan(text) to anon, authenticated, service_role;

-- Null when the user's plan includes the studio; else the refusal: { plan: <the plan that unlocks
-- it>, message: '<Studio> is part of the <Plan> plan. Upgrade to use it.' }.
create or replace function private.plan_refusal(p_user_id uuid, p_studio text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select case when exists (select from public.plan_studios ps where ps.plan = p.plan and ps.studio = p_studio) then null
    else jsonb_build_object(
      'plan', r.id,
      'message', format('%s is part of the %s plan. Upgrade to use it.',
        coalesce((select sp.label from public.studio_prices sp where sp.studio = p_studio and sp.preset = 'default'), p_studio),
        coalesce(r.name, 'Enterprise')))
    end
    from public.profiles p
    left join public.pricing_plans r on r.id = public.studio_required_plan(p_studio)
   where p.user_id = p_user_id;
$$;
comment on function private.plan_refusal(uuid, text) is
  'Why a user''s plan does not include a studio (the plan that unlocks it and the words), or null when it does.';
revoke all on function private.plan_refusal(uuid, text) from public, anon, authenticated;

-- For the worker's free paths (UGC previews, ad variations), which do not go through start_job.
create or replace function public.check_studio_plan(user_id uuid, studio text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(private.plan_refusal(check_studio_plan.user_id, check_studio_plan.studio) || '{"allowed": false}', '{"allowed": true}'::jsonb);
$$;
comment on function public.check_studio_plan(uuid, text) is
  'Service role: whether a user''s plan includes a studio → {allowed} or {allowed: false, plan, message} (plan_studios).';
revoke all on function public.check_studio_plan(uuid, text) from public, anon, authenticated;
grant execute on function public.check_studio_plan(uuid, text) to service_role;

-- ---------------------------------------------------------------------------------------------
-- start_job: as 20261127000100_object_names, and the plan is checked before anything is charged.
create or replace function public.start_job(studio text, options jsonb default '{}'::jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_studio text := start_job.studio;
  v_options jsonb := coalesce(start_job.options, '{}'::jsonb);
  v_preset text := coalesce(nullif(v_options ->> 'preset', ''), 'default');
  v_source text := v_options ->> 'source_path';
  v_job uuid := gen_random_uuid();
  v_refusal jsonb;
  v_cost integer;
  v_label text;
  v_title text;
  v_balance integer;
begin
  if v_uid is null then
    raise exception 'User not authenticated' using errcode = 'PT401', detail = 'not_authenticated';
  end if;
  if private.studio_job_table(v_studio) is null then
    raise exception 'Unknown studio: %', coalesce(v_studio, 'null') using errcode = '22023', detail = 'invalid_studio';
  end if;
  v_refusal := private.plan_refusal(v_uid, v_studio);
  if v_refusal is not null then
    raise exception '%', v_refusal ->> 'message' using errcode = 'PT403', detail = 'plan_required', hint = v_refusal ->> 'plan';
  end if;
  if jsonb_typeof(v_options) <> 'object' or octet_length(v_options::text) > 16384 or v_preset !~ '^[a-z0-9_]{1,40}$' then
    raise exception 'Invalid job options' using errcode = '22023', detail = 'invalid_options';
  end if;
  if v_source is not null and not private.owns_object(v_source, v_uid) then
    raise exception 'The source file does not belong to you' using errcode = '42501', detail = 'forbidden_source';
  end if;
  if v_source is not null and private.source_too_large(v_source, v_studio) then
    raise exception 'Photos can be at most 50 MB' using errcode = '22023', detail = 'file_too_large';
  end if;

  select p.credits, p.label into v_cost, v_label
    from public.studio_prices p
    where p.studio = v_studio and p.preset in (v_preset, 'default')
    order by p.preset = 'default'
    limit 1;
  if v_cost is null then
    raise exception 'No price is set for %', v_studio using errcode = '22023', detail = 'invalid_studio';
  end if;

  v_balance := private.apply_credit_delta(v_uid, -v_cost, 'job_debit', v_studio, v_job);
  v_title := left(coalesce(nullif(trim(v_options ->> 'title'), ''), v_label), 200);

  if private.studio_job_table(v_studio) = 'image_jobs' then
    insert into public.image_jobs (id, user_id, studio, preset, title, options, orig_path, credits_charged)
      values (v_job, v_uid, v_studio, v_preset, v_title, v_options, v_source, v_cost);
  else
    insert into public.videos (id, user_id, studio, style, preset, title, options, orig_path, credits_charged)
      values (v_job, v_uid, v_studio, private.studio_content_type(v_studio), v_preset, v_title, v_options, v_source, v_cost);
  end if;

  insert into public.webhook_clicks (user_id, job_id, studio_type, status, credits_deducted)
    values (v_uid, v_job, private.studio_click_type(v_studio), 'started', v_cost);

  return jsonb_build_object('job_id', v_job, 'cost', v_cost, 'balance', v_balance);
end;
$$;
comment on function public.start_job(text, jsonb) is
  'Client: starts a studio job. Refuses a studio the caller''s plan does not include (plan_studios; detail plan_required, hint the plan that unlocks it) before charging, then debits the studio_prices cost and creates the queued job.';

-- ---------------------------------------------------------------------------------------------
-- credit_summary: can_use_<studio> now also needs the plan to include the studio.
create or replace function public.credit_summary()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_profile public.profiles;
  v_used jsonb;
  v_prices jsonb;
  v_included text[];
begin
  if v_uid is null then
    raise exception 'User not authenticated' using errcode = 'PT401', detail = 'not_authenticated';
  end if;
  select * into v_profile from public.profiles where user_id = v_uid;
  if not found then
    raise exception 'Failed to fetch user profile' using errcode = 'PT404', detail = 'profile_not_found';
  end if;

  -- Net credits spent per studio: debits minus refunds (a job in flight counts until refunded).
  select coalesce(jsonb_object_agg(studio, used), '{}'::jsonb) into v_used
    from (
      select l.studio, -sum(l.delta)::integer as used
      from public.credit_ledger l
      where l.user_id = v_uid and l.reason in ('job_debit', 'job_refund') and l.studio is not null
      group by l.studio
    ) s;

  select jsonb_object_agg(p.studio, p.credits) into v_prices from public.studio_prices p where p.preset = 'default';
  select coalesce(array_agg(ps.studio), '{}') into v_included from public.plan_studios ps where ps.plan = v_profile.plan;

  return jsonb_build_object(
    'total_credits', v_profile.credits,
    'lightbox_credits_used', coalesce((v_used ->> 'lightbox')::integer, 0),
    'ugc_credits_used', coalesce((v_used ->> 'ugc')::integer, 0),
    'spin360_credits_used', coalesce((v_used ->> 'spin360')::integer, 0),
    'refine_image_credits_used', coalesce((v_used ->> 'refine_image')::integer, 0),
    'competitor_ad_credits_used', coalesce((v_used ->> 'competitor_ad')::integer, 0),
    'subscription_plan', v_profile.plan,
    'subscription_status', 'active',
    'can_use_lightbox', 'lightbox' = any (v_included) and v_profile.credits >= (v_prices ->> 'lightbox')::integer,
    'can_use_ugc', 'ugc' = any (v_included) and v_profile.credits >= (v_prices ->> 'ugc')::integer,
    'can_use_spin360', 'spin360' = any (v_included) and v_profile.credits >= (v_prices ->> 'spin360')::integer,
    'can_use_refine_image', 'refine_image' = any (v_included) and v_profile.credits >= (v_prices ->> 'refine_image')::integer,
    'can_use_competitor_ad', 'competitor_ad' = any (v_included) and v_profile.credits >= (v_prices ->> 'competitor_ad')::integer
  );
end;
$$;
comment on function public.credit_summary() is
  'docs/spec.md credit summary for the caller: balance, net credits used per studio, plan, and can_use flags (the plan includes the studio, plan_studios, and the balance covers its studio_prices cost).';
