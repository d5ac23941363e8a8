-- Social analytics (Pro+): what the sync reads from each platform's insights, per post and per day,
-- and one report call for the page. A post's metrics are kept as a daily snapshot of its lifetime
-- figures; a day's account figures are the growth of its posts' figures that day, rolled up into
-- social_analytics (the SPEC's table). Only the sync (service role) writes; owners on a plan with
-- analytics read.

alter table public.social_analytics drop constraint social_analytics_metric_type_check;
alter table public.social_analytics add constraint social_analytics_metric_type_check
  check (metric_type in ('impressions', 'reach', 'views', 'likes', 'comments', 'shares', 'saves', 'followers'));

create table public.social_post_metrics (
  post_id uuid not null references public.social_posts (id) on delete cascade,
  date date not null,
  user_id uuid not null references public.profiles (user_id) on delete cascade,
  social_account_id uuid not null references public.social_accounts (id) on delete cascade,
  platform text not null check (platform in ('instagram', 'facebook', 'twitter', 'tiktok', 'pinterest')),
  impressions bigint check (impressions >= 0),
  reach bigint check (reach >= 0),
  likes bigint check (likes >= 0),
  comments bigint check (comments >= 0),
  shares bigint check (shares >= 0),
  saves bigint check (saves >= 0),
  video_views bigint check (video_views >= 0),
  synced_at timestamptz not null default now(),
  primary key (post_id, date)
);
comment on table public.social_post_metrics is
  'A post''s lifetime figures as the platform reported them at the day''s last sync (null: the platform has no such figure). Written by the sync only.';
create index social_post_metrics_user_date_idx on public.social_post_metrics (user_id, date);
create index social_post_metrics_account_date_idx on public.social_post_metrics (social_account_id, date);

alter table public.social_post_metrics enable row level security;
create policy "pro users read their own post metrics" on public.social_post_metrics
  for select to authenticated using ((select auth.uid()) = user_id and (select private.plan_allows_analytics()));
revoke all on table public.social_post_metrics from anon, authenticated;
grant select on table public.social_post_metrics to authenticated;

-- The sync's state per account: one sync at a time, when it last worked, what failed.
alter table public.social_accounts
  add column analytics_lease_until timestamptz,
  add column analytics_synced_at timestamptz,
  add column analytics_error text check (char_length(analytics_error) <= 500);
grant select (analytics_synced_at, analytics_error) on table public.social_accounts to authenticated;

-- Takes the account's sync lease when nobody holds a live one (true when taken).
create or replace function public.social_take_sync_lease(p_account uuid, p_seconds integer default 120)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with taken as (
    update public.social_accounts set analytics_lease_until = now() + make_interval(secs => least(greatest(p_seconds, 1), 600))
     where id = p_account and (analytics_lease_until is null or analytics_lease_until < now())
    returning 1)
  select exists (select from taken);
$$;
revoke all on function public.social_take_sync_lease(uuid, integer) from public, anon, authenticated;
grant execute on function public.social_take_sync_lease(uuid, integer) to service_role;

-- Rolls an account's post snapshots up into social_analytics for the given days: each metric's
-- growth that day across the account's posts (a post's first snapshot counts in full).
create or replace function public.social_analytics_rollup(p_account uuid, p_from date, p_to date)
returns integer
language sql
security definer
set search_path = ''
as $$
  with snaps as (
    select m.*, lag(m.date) over w as prev_date,
           lag(m.impressions) over w as p_impressions, lag(m.reach) over w as p_reach, lag(m.video_views) over w as p_views,
           lag(m.likes) over w as p_likes, lag(m.comments) over w as p_comments, lag(m.shares) over w as p_shares, lag(m.saves) over w as p_saves
      from public.social_post_metrics m
     where m.social_account_id = p_account and m.date <= p_to
    window w as (partition by m.post_id order by m.date)),
  growth as (
    select s.user_id, s.platform, s.date, metric, greatest(value - coalesce(prev, 0), 0) as delta
      from snaps s
      cross join lateral (values
        ('impressions', s.impressions, s.p_impressions), ('reach', s.reach, s.p_reach), ('views', s.video_views, s.p_views),
        ('likes', s.likes, s.p_likes), ('comments', s.comments, s.p_comments), ('shares', s.shares, s.p_shares), ('saves', s.saves, s.p_saves)
      ) as v(metric, value, prev)
     where s.date between p_from and p_to and value is not null),
  daily as (
    select user_id, platform, date, metric, sum(delta)::bigint as total from growth group by user_id, platform, date, metric),
  upserted as (
    insert into public.social_analytics as a (user_id, social_account_id, platform, metric_type, metric_value, date)
    select user_id, p_account, platform, metric, total, date from daily
    on conflict (social_account_id, metric_type, date) do update set metric_value = excluded.metric_value
    returning 1)
  select count(*)::integer from upserted;
$$;
revoke all on function public.social_analytics_rollup(uuid, date, date) from public, anon, authenticated;
grant execute on function public.social_analytics_rollup(uuid, date, date) to service_role;

-- Everything the analytics page shows for a date range (and one platform, or all), in one call,
-- as the caller (RLS: own rows, analytics plans only):
--   totals / previous: each metric over the range and over the same length just before it;
--   daily: each day's figures; posts: posts made in the range with their latest figures (500 at most,
--   by impressions); accounts: each account's sync state.
create or replace function public.social_analytics_report(p_from date, p_to date, p_platform text default null)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  -- At most two years at once (a longer range is cut to its last 730 days).
  with bounds as (select least(greatest(p_from, p_to - 730), p_to) as d0, p_to as d1),
  params as (select d0, d1, d0 - (d1 - d0 + 1) as prev0, d0 - 1 as prev1 from bounds),
  rows as (
    select a.date, a.metric_type, a.metric_value
      from public.social_analytics a, params
     where a.date between params.prev0 and params.d1 and (p_platform is null or a.platform = p_platform)),
  metrics as (select unnest(array['impressions', 'reach', 'views', 'likes', 'comments', 'shares', 'saves']) as metric),
  totals as (
    select jsonb_object_agg(m.metric, coalesce((select sum(r.metric_value) from rows r, params where r.metric_type = m.metric and r.date between params.d0 and params.d1), 0)) as cur,
           jsonb_object_agg(m.metric, coalesce((select sum(r.metric_value) from rows r, params where r.metric_type = m.metric and r.date between params.prev0 and params.prev1), 0)) as prev
      from metrics m),
  days as (
    select d::date as date from params, generate_series(params.d0, params.d1, interval '1 day') d),
  per_day as (
    select days.date,
           coalesce(sum(r.metric_value) filter (where r.metric_type = 'impressions'), 0) as impressions,
           coalesce(sum(r.metric_value) filter (where r.metric_type = 'likes'), 0) as likes,
           coalesce(sum(r.metric_value) filter (where r.metric_type = 'comments'), 0) as comments,
           coalesce(sum(r.metric_value) filter (where r.metric_type = 'shares'), 0) as shares,
           coalesce(sum(r.metric_value) filter (where r.metric_type = 'saves'), 0) as saves,
           coalesce(sum(r.metric_value) filter (where r.metric_type = 'views'), 0) as views
      from days left join rows r on r.date = days.date
     group by days.date),
  daily as (
    select coalesce(jsonb_agg(jsonb_build_object('date', date, 'impressions', impressions, 'likes', likes, 'comments', comments,
             'shares', shares, 'saves', saves, 'views', views) order by date), '[]'::jsonb) as list
      from per_day),
  latest as (
    select distinct on (m.post_id) m.*
      from public.social_post_metrics m
      join public.social_posts p on p.id = m.post_id, params
     where p.posted_at >= params.d0 and p.posted_at < params.d1 + 1 and (p_platform is null or m.platform = p_platform)
     order by m.post_id, m.date desc),
  posts as (
    select coalesce(jsonb_agg(jsonb_build_object(
             'post_id', p.id, 'platform', p.platform, 'caption', left(p.caption, 280), 'posted_at', p.posted_at, 'post_url', p.post_url,
             'content_id', p.content_id, 'impressions', l.impressions, 'reach', l.reach, 'likes', l.likes, 'comments', l.comments,
             'shares', l.shares, 'saves', l.saves, 'video_views', l.video_views, 'synced_at', l.synced_at) order by coalesce(l.impressions, 0) desc), '[]'::jsonb) as list
      from (select * from latest order by coalesce(impressions, 0) desc limit 500) l
      join public.social_posts p on p.id = l.post_id),
  accounts as (
    select coalesce(jsonb_agg(jsonb_build_object('id', a.id, 'platform', a.platform, 'username', a.username, 'is_active', a.is_active,
             'synced_at', a.analytics_synced_at, 'error', a.analytics_error) order by a.platform), '[]'::jsonb) as list
      from public.social_accounts a
     where a.user_id = (select auth.uid()) and (p_platform is null or a.platform = p_platform))
  select jsonb_build_object('from', (select d0 from params), 'to', p_to, 'platform', p_platform, 'allowed', (select private.plan_allows_analytics()),
           'totals', totals.cur, 'previous', totals.prev, 'daily', daily.list, 'posts', posts.list, 'accounts', accounts.list)
    from totals, daily, posts, accounts;
$$;
comment on function public.social_analytics_report(date, date, text) is 'The analytics page''s data for a range and platform, in one call (RLS applies).';
revoke all on function public.social_analytics_report(date, date, text) from public, anon;
grant execute on function public.social_analytics_report(date, date, text) to authenticated;
