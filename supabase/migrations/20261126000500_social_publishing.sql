-- Publishing: a post made once for several accounts shares a batch id; each row names the library
-- item it posts, how often it was tried, and where the platform shows it. Scheduled rows are
-- claimed by one sender at a time when they fall due (pg_cron on hosted, the devstack's timer
-- locally, both calling the social-publish-due function).

alter table public.social_posts
  add column batch_id uuid,
  add column content_id uuid references public.content_generations (id) on delete set null,
  add column attempts integer not null default 0 check (attempts >= 0),
  add column post_url text check (char_length(post_url) <= 2048);
comment on column public.social_posts.batch_id is 'Rows posted together from one Share dialog.';
comment on column public.social_posts.content_id is 'The library item posted (its file is signed for the platform at send time).';
comment on column public.social_posts.attempts is 'Sends tried, by the server.';
comment on column public.social_posts.post_url is 'Where the platform shows the post, when it says.';

create index social_posts_due_idx on public.social_posts (scheduled_for) where status = 'scheduled';
create index social_posts_batch_idx on public.social_posts (batch_id);

-- Clients still never write the outcome; they may point a draft at a library item of their own.
grant insert (content_id, batch_id) on table public.social_posts to authenticated;

drop policy "users create posts on their own accounts" on public.social_posts;
create policy "users create posts on their own accounts" on public.social_posts
  for insert to authenticated with check (
    (select auth.uid()) = user_id
    and (social_account_id is null or exists (
      select from public.social_accounts a where a.id = social_account_id and a.user_id = (select auth.uid())))
    and (content_id is null or exists (
      select from public.content_generations c where c.id = content_id and c.user_id = (select auth.uid()))));

-- Scheduled posts whose time has come, each taken by exactly one caller: status becomes 'posting'
-- and attempts grows. A post stuck in 'posting' for 10 minutes (its sender died) is taken again.
create or replace function public.social_claim_due_posts(p_limit integer default 20)
returns setof public.social_posts
language sql
security definer
set search_path = ''
as $$
  update public.social_posts p
     set status = 'posting', attempts = p.attempts + 1, error = null
   where p.id in (
     select d.id from public.social_posts d
      where (d.status = 'scheduled' and d.scheduled_for <= now())
         or (d.status = 'posting' and d.scheduled_for is not null and d.updated_at < now() - interval '10 minutes' and d.attempts < 3)
      order by d.scheduled_for
      limit least(greatest(p_limit, 1), 100)
      for update skip locked)
  returning p.*;
$$;
comment on function public.social_claim_due_posts(integer) is 'Takes due scheduled posts for sending; each row goes to one caller only.';
revoke all on function public.social_claim_due_posts(integer) from public, anon, authenticated;
grant execute on function public.social_claim_due_posts(integer) to service_role;

-- Cancelling a scheduled post is deleting it; clients may do that only before it is sent.
drop policy "users delete their own posts" on public.social_posts;
create policy "users delete their own posts unless being sent" on public.social_posts
  for delete to authenticated using ((select auth.uid()) = user_id and status <> 'posting');
