-- A post's outcome is the server's word: status, platform_post_id, posted_at and error are written
-- only by the posting functions (service role). A client drafts or schedules a post and may edit or
-- cancel it while it is still pending or scheduled.

revoke insert, update on table public.social_posts from authenticated;
grant insert (social_account_id, platform, content_type, content_url, caption, hashtags, mentions, metadata, scheduled_for, user_id)
  on table public.social_posts to authenticated;
grant update (caption, hashtags, mentions, metadata, scheduled_for)
  on table public.social_posts to authenticated;

drop policy "users update their own posts" on public.social_posts;
create policy "users edit their own posts until they are sent" on public.social_posts
  for update to authenticated
  using ((select auth.uid()) = user_id and status in ('pending', 'scheduled'))
  with check (
    (select auth.uid()) = user_id
    and (social_account_id is null or exists (
      select from public.social_accounts a where a.id = social_account_id and a.user_id = (select auth.uid()))));
