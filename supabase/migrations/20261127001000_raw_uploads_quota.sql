-- Originals are bounded (issue: trust boundaries, "also fix"): raw-uploads had no quota and kept
-- every original forever, those no job ever used included.
--
-- * Originals no job uses may add up to 5 GB per user. A trigger on storage.objects checks every
--   write of an original's size (an upload, a signed upload, an upsert), whoever makes it; an
--   original a job uses was paid for and does not count.
-- * Originals no job uses are removed 30 days after upload by the sweep-uploads function (the
--   devstack's scheduler hourly; pg_cron + pg_net on hosted), through the storage API so the files
--   go with their rows. 30 days leave a draft's photos (a UGC ad not rendered yet) in place.
--
-- "Used by a job" is the original's own name or its folder (`<uid>/<studio>/<upload>/<file>`: a
-- sequence of photos is one job's folder), both looked up by index.

create index if not exists image_jobs_orig_path_idx on public.image_jobs (orig_path) where orig_path is not null;
create index if not exists videos_orig_path_idx on public.videos (orig_path) where orig_path is not null;

create or replace function private.original_in_use(p_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select from public.image_jobs j where j.orig_path in (p_name, regexp_replace(p_name, '[^/]+$', '')))
      or exists (select from public.videos v where v.orig_path in (p_name, regexp_replace(p_name, '[^/]+$', '')));
$$;
comment on function private.original_in_use(text) is 'Whether a job names this original (as its file or as its folder).';

create or replace function private.enforce_upload_quota()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_folder text := split_part(new.name, '/', 1) || '/';
  v_size bigint := coalesce((new.metadata ->> 'size')::bigint, 0);
  v_unused bigint;
begin
  if new.bucket_id <> 'raw-uploads' or v_size = 0 then
    return new;
  end if;
  select coalesce(sum((o.metadata ->> 'size')::bigint), 0) into v_unused
    from storage.objects o
   where o.bucket_id = 'raw-uploads' and starts_with(o.name, v_folder) and o.id <> new.id
     and not private.original_in_use(o.name);
  if v_unused + v_size > 5368709120 then
    raise exception 'Your uploads not used by any studio are over 5 GB. Delete some, or use them, and try again.'
      using errcode = '53400', detail = 'upload_quota';
  end if;
  return new;
end;
$$;
comment on function private.enforce_upload_quota() is 'Refuses an original that would take a user''s unused originals in raw-uploads over 5 GB.';

drop trigger if exists raw_uploads_quota on storage.objects;
create trigger raw_uploads_quota
  before insert or update of metadata on storage.objects
  for each row execute function private.enforce_upload_quota();

-- Originals older than p_days that no job uses, for sweep-uploads to remove (service role only).
create or replace function public.raw_uploads_to_sweep(p_days integer default 30, p_limit integer default 500)
returns setof text
language sql
stable
security definer
set search_path = ''
as $$
  select o.name from storage.objects o
   where o.bucket_id = 'raw-uploads'
     and o.created_at < now() - make_interval(days => greatest(p_days, 1))
     and not private.original_in_use(o.name)
   order by o.created_at
   limit least(greatest(p_limit, 1), 1000);
$$;
comment on function public.raw_uploads_to_sweep(integer, integer) is 'Originals older than p_days that no job uses (sweep-uploads removes them).';
revoke all on function public.raw_uploads_to_sweep(integer, integer) from public, anon, authenticated;
grant execute on function public.raw_uploads_to_sweep(integer, integer) to service_role;
