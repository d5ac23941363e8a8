-- The 360° spin studio: turntable videos as originals, job progress the studio can show, and
-- share links for a finished spin.

-- Originals: a spin starts from a photo sequence (images, as before) or one turntable video of up
-- to 200 MB. Photos keep their 50 MB cap in the browser and the worker.
update storage.buckets
  set file_size_limit = 209715200,
      allowed_mime_types = array['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/bmp', 'video/mp4', 'video/quicktime', 'video/webm']
  where id = 'raw-uploads';

-- ---------------------------------------------------------------------------------------------
-- Progress: the worker reports how far a long job is (ffmpeg's -progress), the studio follows the
-- row over realtime. Null until the worker says anything.
alter table public.image_jobs add column progress smallint check (progress between 0 and 100);
alter table public.videos add column progress smallint check (progress between 0 and 100);
comment on column public.image_jobs.progress is 'Percent of the processing done, as the worker reports it (null: not reported).';
comment on column public.videos.progress is 'Percent of the processing done, as the worker reports it (null: not reported).';

create or replace function public.report_job_progress(job_id uuid, progress integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v private.job_ref := private.require_job(report_job_progress.job_id);
begin
  if report_job_progress.progress is null or report_job_progress.progress not between 0 and 100 then
    raise exception 'progress must be 0 to 100' using errcode = '22023', detail = 'invalid_progress';
  end if;
  -- Only a running job moves, and never backwards (a late report must not undo a newer one).
  execute format(
    'update public.%I set progress = $2 where id = $1 and status = ''processing'' and coalesce(progress, -1) < $2', v.tbl)
    using v.id, report_job_progress.progress;
end;
$$;
comment on function public.report_job_progress(uuid, integer) is
  'Worker only: records how far a processing job is (0–100, never backwards).';
revoke all on function public.report_job_progress(uuid, integer) from public, anon, authenticated;
grant execute on function public.report_job_progress(uuid, integer) to service_role;

-- ---------------------------------------------------------------------------------------------
-- Share links: a finished spin shown to whoever has the link. The token is the only key (two
-- random UUIDs, 244 random bits); the spin-share edge function signs the files for a live token.
create table public.spin_shares (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (user_id) on delete cascade,
  content_id uuid not null references public.content_generations (id) on delete cascade,
  token text not null unique default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
comment on table public.spin_shares is
  'Share links of 360° spins: the token opens the spin for anyone who has it until the owner revokes it.';
create index spin_shares_content_idx on public.spin_shares (content_id);
create index spin_shares_user_idx on public.spin_shares (user_id, created_at desc);

alter table public.spin_shares enable row level security;
create policy "owners read their share links" on public.spin_shares
  for select to authenticated using (user_id = (select auth.uid()));
create policy "owners share their own spins" on public.spin_shares
  for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and exists (
      select 1 from public.content_generations c
      where c.id = content_id and c.user_id = (select auth.uid()) and c.content_type = '360_video' and c.status = 'completed'));
create policy "owners revoke their share links" on public.spin_shares
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
create policy "owners delete their share links" on public.spin_shares
  for delete to authenticated using (user_id = (select auth.uid()));

revoke all on table public.spin_shares from anon, authenticated;
grant select, delete on table public.spin_shares to authenticated;
-- A client names the spin; the token, owner and times are the database's.
grant insert (content_id) on table public.spin_shares to authenticated;
grant update (revoked_at) on table public.spin_shares to authenticated;
