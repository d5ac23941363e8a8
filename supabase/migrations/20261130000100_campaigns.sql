-- Campaigns (SPEC: social_campaigns) and the calendar: a campaign groups a product, the media made
-- for it and its scheduled posts; "Plan a week" creates one with its posts (social-campaign
-- function), the calendar moves them. Two rules hold for every scheduled post (the functions check
-- them in supabase/functions/_shared/social-schedule.ts, the trigger below for clients' writes):
--   - an account has at most its platform's daily cap of posts within 24 hours either side;
--   - two posts of one platform in one campaign are at least the campaign's gap apart.
-- A client may move its own scheduled post (scheduled_for) while it is not sent; the trigger below
-- re-checks it, so a move from any client is held to the same rules as the planner's.

alter table public.social_campaigns
  add column product_name text check (char_length(product_name) <= 200),
  add column gap_minutes integer not null default 0 check (gap_minutes between 0 and 10080);
comment on column public.social_campaigns.gap_minutes is 'Least time between two posts of one platform in this campaign.';

alter table public.social_posts
  add column campaign_id uuid references public.social_campaigns (id) on delete set null;
comment on column public.social_posts.campaign_id is 'The campaign that planned this post, if any.';
create index social_posts_campaign_idx on public.social_posts (campaign_id) where campaign_id is not null;
create index social_posts_account_time_idx on public.social_posts (social_account_id, scheduled_for) where status in ('scheduled', 'posting');

-- Campaigns keep the policies of 20261122000500_social.sql (the user's own rows). A post joins a
-- campaign only through the social-campaign function: clients cannot write social_posts.campaign_id.

-- The rule for what clients write (the calendar's moves, the Posts tab's edits), run as the caller:
-- a client sees its own posts and campaigns, which are all an account's. The server's functions
-- (social-post, social-campaign) check the same rules before they write, and the scheduler's clock
-- (tests, the e2e stack) moves posts into the past directly to make them due: neither is a client.
create or replace function private.check_post_schedule()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_cap integer;
  v_around integer;
  v_gap integer;
begin
  if current_user not in ('authenticated', 'anon') or new.status <> 'scheduled' or new.scheduled_for is null then
    return new;
  end if;
  if tg_op = 'UPDATE' and new.scheduled_for is not distinct from old.scheduled_for and new.campaign_id is not distinct from old.campaign_id then
    return new;
  end if;
  if new.scheduled_for < now() + interval '1 minute' then
    raise exception 'Pick a time at least a minute from now.' using errcode = '22023', detail = 'schedule_past';
  end if;
  if new.scheduled_for > now() + interval '90 days' then
    raise exception 'Posts can be scheduled up to 90 days ahead.' using errcode = '22023', detail = 'schedule_too_far';
  end if;
  if new.social_account_id is not null then
    -- supabase/functions/_shared/social-schedule.ts DAILY_CAPS
    v_cap := case new.platform when 'instagram' then 25 when 'facebook' then 25 when 'twitter' then 50 when 'tiktok' then 10 when 'pinterest' then 25 else 10 end;
    select count(*) into v_around from public.social_posts p
     where p.social_account_id = new.social_account_id and p.id <> new.id
       and p.status in ('scheduled', 'posting', 'posted')
       and coalesce(p.scheduled_for, p.posted_at) > new.scheduled_for - interval '24 hours'
       and coalesce(p.scheduled_for, p.posted_at) < new.scheduled_for + interval '24 hours';
    if v_around + 1 > v_cap then
      raise exception 'This account already has % posts within a day of that time: % takes at most % from one account.',
        v_around, case new.platform when 'twitter' then 'X' when 'tiktok' then 'TikTok' else initcap(new.platform) end, v_cap using errcode = '22023', detail = 'daily_cap';
    end if;
  end if;
  if new.campaign_id is not null then
    select c.gap_minutes into v_gap from public.social_campaigns c where c.id = new.campaign_id;
    if coalesce(v_gap, 0) > 0 and exists (
      select from public.social_posts p
       where p.campaign_id = new.campaign_id and p.platform = new.platform and p.id <> new.id
         and p.status in ('scheduled', 'posting', 'posted')
         and abs(extract(epoch from (coalesce(p.scheduled_for, p.posted_at) - new.scheduled_for))) < v_gap * 60) then
      raise exception 'Two posts of this campaign on one platform must be at least % minutes apart.', v_gap using errcode = '22023', detail = 'schedule_gap';
    end if;
  end if;
  return new;
end;
$$;
-- A trigger's function needs no EXECUTE grant to fire: no client can call it.
revoke all on function private.check_post_schedule() from public, anon, authenticated;

create trigger social_posts_check_schedule before insert or update of scheduled_for, status, campaign_id on public.social_posts
  for each row execute function private.check_post_schedule();

-- Scheduled and sent posts between two times, for the calendar: the caller's own (RLS), with the
-- item's type and the campaign's name, at most 1000 (a month of a busy account).
create or replace function public.social_calendar(p_from timestamptz, p_to timestamptz)
returns table (
  id uuid, platform text, status text, caption text, at timestamptz, scheduled_for timestamptz, posted_at timestamptz,
  post_url text, error text, content_id uuid, content_type text, product_name text, campaign_id uuid, campaign_name text, social_account_id uuid)
language sql
stable
security invoker
set search_path = ''
as $$
  select p.id, p.platform, p.status, p.caption, coalesce(p.scheduled_for, p.posted_at, p.created_at) as at, p.scheduled_for, p.posted_at,
         p.post_url, p.error, p.content_id, c.content_type, c.product_name, p.campaign_id, k.name, p.social_account_id
    from public.social_posts p
    left join public.content_generations c on c.id = p.content_id
    left join public.social_campaigns k on k.id = p.campaign_id
   where coalesce(p.scheduled_for, p.posted_at, p.created_at) >= p_from
     and coalesce(p.scheduled_for, p.posted_at, p.created_at) < least(p_to, p_from + interval '62 days')
   order by 5, p.platform
   limit 1000;
$$;
comment on function public.social_calendar(timestamptz, timestamptz) is 'The caller''s posts between two times (at most 62 days), for the content calendar.';
revoke all on function public.social_calendar(timestamptz, timestamptz) from public, anon;
grant execute on function public.social_calendar(timestamptz, timestamptz) to authenticated;
