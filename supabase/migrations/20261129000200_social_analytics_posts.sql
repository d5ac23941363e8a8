-- Social Analytics shows every post of the period: the report names the top 5 and how many posts
-- there are, and social_analytics_posts() pages through all of them in the order the table asks
-- for (the table's pages and the CSV, which reads every page). Before, the report carried at most
-- 500 posts while the page said "every post".

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
      from (select * from latest order by coalesce(impressions, 0) desc, post_id limit 5) l
      join public.social_posts p on p.id = l.post_id),
  accounts as (
    select coalesce(jsonb_agg(jsonb_build_object('id', a.id, 'platform', a.platform, 'username', a.username, 'is_active', a.is_active,
             'synced_at', a.analytics_synced_at, 'error', a.analytics_error) order by a.platform), '[]'::jsonb) as list
      from public.social_accounts a
     where a.user_id = (select auth.uid()) and (p_platform is null or a.platform = p_platform))
  select jsonb_build_object('from', (select d0 from params), 'to', p_to, 'platform', p_platform, 'allowed', (select private.plan_allows_analytics()),
           'totals', totals.cur, 'previous', totals.prev, 'daily', daily.list, 'posts', posts.list, 'post_count', (select count(*) from latest),
           'accounts', accounts.list)
    from totals, daily, posts, accounts;
$$;
comment on function public.social_analytics_report(date, date, text) is 'The analytics page''s data for a range and platform, in one call (RLS applies): totals, the daily trend, the top 5 posts and how many posts there are (social_analytics_posts pages through them all).';
revoke all on function public.social_analytics_report(date, date, text) from public, anon;
grant execute on function public.social_analytics_report(date, date, text) to authenticated;

create or replace function public.social_analytics_posts(
  p_from date, p_to date, p_platform text default null,
  p_sort text default 'impressions', p_ascending boolean default false,
  p_offset integer default 0, p_limit integer default 50
)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_from date := least(greatest(p_from, p_to - 730), p_to);
  v_result jsonb;
begin
  if p_sort is null or p_sort not in ('posted_at', 'platform', 'impressions', 'reach', 'likes', 'comments', 'shares', 'saves', 'views') then
    raise exception 'Unknown sort: %', p_sort using errcode = '22023';
  end if;
  if p_offset is null or p_offset < 0 or p_limit is null or p_limit < 1 or p_limit > 1000 then
    raise exception 'A page is 1 to 1000 posts from an offset of 0 or more' using errcode = '22023';
  end if;
  with latest as (
    select p.id as post_id, p.platform, left(p.caption, 280) as caption, p.posted_at, p.post_url, p.content_id,
           m.impressions, m.reach, m.likes, m.comments, m.shares, m.saves, m.video_views, m.synced_at
      from public.social_posts p
      left join lateral (select * from public.social_post_metrics s where s.post_id = p.id order by s.date desc limit 1) m on true
     where p.user_id = (select auth.uid()) and p.status = 'posted' and (select private.plan_allows_analytics())
       and p.posted_at >= v_from and p.posted_at < p_to + 1 and (p_platform is null or p.platform = p_platform)
       and m.post_id is not null),
  keyed as (
    select l.*, case p_sort
             when 'impressions' then l.impressions when 'reach' then l.reach when 'likes' then l.likes
             when 'comments' then l.comments when 'shares' then l.shares when 'saves' then l.saves
             when 'views' then l.video_views end as figure
      from latest l),
  ranked as (
    select keyed.*, row_number() over (order by
       case when p_sort = 'posted_at' and p_ascending then posted_at end asc,
       case when p_sort = 'posted_at' and not p_ascending then posted_at end desc,
       case when p_sort = 'platform' and p_ascending then platform end asc,
       case when p_sort = 'platform' and not p_ascending then platform end desc,
       case when p_ascending then figure end asc nulls first,
       case when not p_ascending then figure end desc nulls last,
       posted_at desc, post_id) as rn
      from keyed),
  page as (select * from ranked where rn > p_offset and rn <= p_offset + p_limit)
  select jsonb_build_object(
           'total', (select count(*) from keyed),
           'posts', coalesce((select jsonb_agg(jsonb_build_object(
             'post_id', post_id, 'platform', platform, 'caption', caption, 'posted_at', posted_at, 'post_url', post_url,
             'content_id', content_id, 'impressions', impressions, 'reach', reach, 'likes', likes, 'comments', comments,
             'shares', shares, 'saves', saves, 'video_views', video_views, 'synced_at', synced_at)
             order by rn) from page), '[]'::jsonb))
    into v_result;
  return v_result;
end;
$$;
comment on function public.social_analytics_posts(date, date, text, text, boolean, integer, integer) is
  'One page (1 to 1000) of the posts of a range and platform with their latest figures, in the order the analytics table asks for, and how many there are (RLS applies; Pro+).';
revoke all on function public.social_analytics_posts(date, date, text, text, boolean, integer, integer) from public, anon;
grant execute on function public.social_analytics_posts(date, date, text, text, boolean, integer, integer) to authenticated;
