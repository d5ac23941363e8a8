-- Originals are bounded (issue: trust boundaries, "also fix"): raw-uploads had no quota and kept
-- every original forever, those no job ever used included.
--
-- * A user's originals may add up to 5 GB: an upload is refused (RLS) once they do. The upload in
--   flight is not counted (its size is not known to the policy); the bucket's own 200 MB cap bounds it.
-- * Originals no job names (a file, or a folder of photos) are removed after 7 days by the
--   sweep-uploads function (the devstack's scheduler hourly; pg_cron + pg_net on hosted), through the
--   storage API so the files go with their rows.

create or replace function private.raw_uploads_bytes(p_user uuid)
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum((o.metadata ->> 'size')::bigint), 0)::bigint
    from storage.objects o
   where o.bucket_id = 'raw-uploads' and starts_with(o.name, p_user::text || '/');
$$;
comment on function private.raw_uploads_bytes(uuid) is 'Bytes of a user''s originals in raw-uploads (the upload quota).';
revoke all on function private.raw_uploads_bytes(uuid) from public, anon;
-- The insert policy below runs as the uploading user.
grant execute on function private.raw_uploads_bytes(uuid) to authenticated;

drop policy "users upload originals to their own folder" on storage.objects;
create policy "users upload originals to their own folder" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'raw-uploads'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and private.raw_uploads_bytes((select auth.uid())) < 5368709120);

-- Originals older than p_days that no job names, for sweep-uploads to remove (service role only).
create or replace function public.raw_uploads_to_sweep(p_days integer default 7, p_limit integer default 500)
returns setof text
language sql
stable
security definer
set search_path = ''
as $$
  select o.name from storage.objects o
   where o.bucket_id = 'raw-uploads'
     and o.created_at < now() - make_interval(days => greatest(p_days, 1))
     and not exists (
       select from public.image_jobs j
        where j.orig_path = o.name or (right(j.orig_path, 1) = '/' and starts_with(o.name, j.orig_path)))
     and not exists (
       select from public.videos v
        where v.orig_path = o.name or (right(v.orig_path, 1) = '/' and starts_with(o.name, v.orig_path)))
   order by o.created_at
   limit least(greatest(p_limit, 1), 1000);
$$;
comment on function public.raw_uploads_to_sweep(integer, integer) is 'Originals older than p_days that no job names (sweep-uploads removes them).';
revoke all on function public.raw_uploads_to_sweep(integer, integer) from public, anon, authenticated;
grant execute on function public.raw_uploads_to_sweep(integer, integer) to service_role;
