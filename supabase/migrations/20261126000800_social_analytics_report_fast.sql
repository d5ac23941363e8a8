-- The analytics report reads each post's newest snapshot by the primary key, one probe per post of
-- the range, instead of sorting every snapshot (a year of daily snapshots of 2,500 posts is ~450k
-- rows); posts are found by their posting time; both periods' totals come from one pass.
create index social_posts_user_posted_idx on public.social_posts (user_id, posted_at) where status = 'posted';

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
  -- Both periods' sums in one pass over the rows.
  sums as (
    select r.metric_type,
           sum(r.metric_value) filter (where r.date >= params.d0) as cur,
           sum(r.metric_value) filter (where r.date <= params.prev1) as prev
      from rows r, params group by r.metric_type),
  totals as (
    select jsonb_object_agg(m.metric, coalesce(s.cur, 0)) as cur, jsonb_object_agg(m.metric, coalesce(s.prev, 0)) as prev
      from metrics m left join sums s on s.metric_type = m.metric),
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
  -- Each post of the range with its newest snapshot: one index probe per post (primary key, backwards).
  latest as (
    select m.*
      from public.social_posts p
      cross join params
      cross join lateral (select * from public.social_post_metrics s where s.post_id = p.id order by s.date desc limit 1) m
     where p.user_id = (select auth.uid()) and p.status = 'posted'
       and p.posted_at >= params.d0 and p.posted_at < params.d1 + 1 and (p_platform is null or p.platform = p_platform)),
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
