-- Read models for the dashboard, each one round trip.

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

  return jsonb_build_object(
    'total_credits', v_profile.credits,
    'lightbox_credits_used', coalesce((v_used ->> 'lightbox')::integer, 0),
    'ugc_credits_used', coalesce((v_used ->> 'ugc')::integer, 0),
    'spin360_credits_used', coalesce((v_used ->> 'spin360')::integer, 0),
    'refine_image_credits_used', coalesce((v_used ->> 'refine_image')::integer, 0),
    'competitor_ad_credits_used', coalesce((v_used ->> 'competitor_ad')::integer, 0),
    'subscription_plan', v_profile.plan,
    'subscription_status', 'active',
    'can_use_lightbox', v_profile.credits >= (v_prices ->> 'lightbox')::integer,
    'can_use_ugc', v_profile.credits >= (v_prices ->> 'ugc')::integer,
    'can_use_spin360', v_profile.credits >= (v_prices ->> 'spin360')::integer,
    'can_use_refine_image', v_profile.credits >= (v_prices ->> 'refine_image')::integer,
    'can_use_competitor_ad', v_profile.credits >= (v_prices ->> 'competitor_ad')::integer
  );
end;
$$;
comment on function public.credit_summary() is
  'docs/spec.md credit summary for the caller: balance, net credits used per studio, plan, and can_use flags from studio_prices.';

create or replace function public.dashboard_stats()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_images jsonb;
  v_videos jsonb;
  v_credits_used integer;
  v_recent jsonb;
begin
  if v_uid is null then
    raise exception 'User not authenticated' using errcode = 'PT401', detail = 'not_authenticated';
  end if;

  select jsonb_build_object(
      'lightbox', count(*) filter (where studio = 'lightbox'),
      'refine', count(*) filter (where studio = 'refine_image'))
    into v_images
    from public.image_jobs where user_id = v_uid and status = 'completed';

  select jsonb_build_object(
      'ugc', count(*) filter (where style = 'ugc_video'),
      'spin360', count(*) filter (where style = '360_video'),
      'competitor_ad', count(*) filter (where style in ('competitor_ad', 'facebook_ad')),
      'views', coalesce(sum(views), 0),
      'engagement', coalesce(sum(engagement), 0))
    into v_videos
    from public.videos where user_id = v_uid and status = 'completed';

  select coalesce(-sum(delta), 0)::integer into v_credits_used
    from public.credit_ledger where user_id = v_uid and reason in ('job_debit', 'job_refund');

  select coalesce(jsonb_agg(a order by a.created_at desc), '[]'::jsonb) into v_recent
    from (
      (select id, 'image' as kind, studio, title, status, created_at
         from public.image_jobs where user_id = v_uid order by created_at desc limit 5)
      union all
      (select id, 'video' as kind, studio, title, status, created_at
         from public.videos where user_id = v_uid order by created_at desc limit 5)
    ) a;

  return jsonb_build_object(
    'total_generations', (v_images ->> 'lightbox')::integer + (v_images ->> 'refine')::integer
      + (v_videos ->> 'ugc')::integer + (v_videos ->> 'spin360')::integer + (v_videos ->> 'competitor_ad')::integer,
    'total_views', (v_videos ->> 'views')::bigint,
    'total_engagement', (v_videos ->> 'engagement')::bigint,
    'credits_used', v_credits_used,
    'lightbox_count', (v_images ->> 'lightbox')::integer,
    'refine_count', (v_images ->> 'refine')::integer,
    'ugc_count', (v_videos ->> 'ugc')::integer,
    'spin360_count', (v_videos ->> 'spin360')::integer,
    'competitor_ad_count', (v_videos ->> 'competitor_ad')::integer,
    'recent_activity', v_recent
  );
end;
$$;
comment on function public.dashboard_stats() is
  'docs/spec.md dashboard stats for the caller in one call: completed generations per studio, views, engagement, net credits spent, and the 10 latest jobs (5 image, 5 video).';

revoke all on function public.credit_summary(), public.dashboard_stats() from public, anon;
grant execute on function public.credit_summary(), public.dashboard_stats() to authenticated, service_role;
