-- Posts are never stuck (issue: trust boundaries, item 7). A 'Post now' row is inserted as
-- 'posting' without scheduled_for: if the function died mid-send, nothing picked it up and the
-- user could neither delete nor retry it. And a scheduled post left 'posting' for 10 minutes was
-- sent again, although the platform may have taken the first attempt (a double post).
--
-- Now every sweep first settles posts left 'posting' for 10 minutes: one whose platform post id
-- was recorded is 'posted'; any other is 'failed' with words that say the outcome is unknown, so
-- the user can check the platform and then retry or delete it. Nothing is sent twice on its own.

create or replace function public.social_settle_stale_posts()
returns integer
language sql
security definer
set search_path = ''
as $$
  with settled as (
    update public.social_posts p
       set status = case when p.platform_post_id is not null then 'posted' else 'failed' end,
           posted_at = case when p.platform_post_id is not null then coalesce(p.posted_at, p.updated_at) else p.posted_at end,
           error = case when p.platform_post_id is not null then null
                        else 'Sending stopped before the platform answered, so we cannot tell whether it was posted. Check the account on the platform, then send it again or delete it.' end
     where p.status = 'posting' and p.updated_at < now() - interval '10 minutes'
    returning 1)
  select count(*)::integer from settled;
$$;
comment on function public.social_settle_stale_posts() is 'Posts left posting for 10 minutes become posted (their platform id is known) or failed and retryable.';
revoke all on function public.social_settle_stale_posts() from public, anon, authenticated;
grant execute on function public.social_settle_stale_posts() to service_role;

-- Due scheduled posts, each taken by exactly one caller; stale 'posting' rows are settled first
-- and never taken again.
create or replace function public.social_claim_due_posts(p_limit integer default 20)
returns setof public.social_posts
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.social_settle_stale_posts();
  return query
  update public.social_posts p
     set status = 'posting', attempts = p.attempts + 1, error = null
   where p.id in (
     select d.id from public.social_posts d
      where d.status = 'scheduled' and d.scheduled_for <= now()
      order by d.scheduled_for
      limit least(greatest(p_limit, 1), 100)
      for update skip locked)
  returning p.*;
end;
$$;
comment on function public.social_claim_due_posts(integer) is 'Takes due scheduled posts for sending (each row goes to one caller only), after settling stale ones.';
revoke all on function public.social_claim_due_posts(integer) from public, anon, authenticated;
grant execute on function public.social_claim_due_posts(integer) to service_role;
