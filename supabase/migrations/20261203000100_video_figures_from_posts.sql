-- A video's views and engagement (videos.views, videos.engagement: the dashboard's "Total Views" and
-- "Engagement", on your videos) come from the figures the platforms report for its posts. Nothing
-- wrote them before: they stayed 0 for everybody but the demo seed. Each time the analytics sync
-- stores a post's figures, the video it shows gets the sum over all its posts of their latest
-- figures: views as the platform counts a video's plays (its impressions where it reports none),
-- engagement as likes, comments and shares.

create or replace function private.video_figures_from_posts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_video uuid;
begin
  select c.job_id into v_video
    from public.social_posts p
    join public.content_generations c on c.id = p.content_id
    join public.videos v on v.id = c.job_id and v.user_id = p.user_id
    where p.id = new.post_id;
  if v_video is null then
    return null;
  end if;

  with posts as (
    select p.id
      from public.social_posts p
      join public.content_generations c on c.id = p.content_id
      where c.job_id = v_video
  ), latest as (
    select distinct on (m.post_id) m.video_views, m.impressions, m.likes, m.comments, m.shares
      from public.social_post_metrics m
      where m.post_id in (select id from posts)
      order by m.post_id, m.date desc
  )
  update public.videos
     set views = least(coalesce((select sum(coalesce(video_views, impressions, 0)) from latest), 0), 2147483647)::integer,
         engagement = least(coalesce((select sum(coalesce(likes, 0) + coalesce(comments, 0) + coalesce(shares, 0)) from latest), 0), 2147483647)::integer
   where id = v_video;
  return null;
end;
$$;
revoke all on function private.video_figures_from_posts() from public, anon, authenticated;

create trigger social_post_metrics_video_figures
  after insert or update on public.social_post_metrics
  for each row execute function private.video_figures_from_posts();
