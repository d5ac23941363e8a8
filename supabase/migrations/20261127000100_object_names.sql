-- One rule for object names that come from a client (a job's source, a result path), the same as
-- supabase/functions/_shared/object-name.ts (the worker and the functions use that one):
--   segments of letters, digits, space, `_`, `-` and `.`, none empty, `.` or `..`, none starting or
--   ending with a space; a folder may end with `/`; at most 1024 characters; the caller's `<uid>/` first.
-- "Starts with <uid>/ and contains no .." was not enough: storage clients put a name into a URL
-- path unencoded, and the URL parser turns `%2e%2e` (and `.%2e`, `%2E%2E`, `.<TAB>.`) into `..`, so
-- `<me>/%2e%2e/%2e%2e/processed/<victim>/<file>` passed the check and the worker's service-role
-- client signed another user's file. start_job, complete_job and record_ad_variations now use it,
-- and start_job refuses an original over the 50 MB photo limit before charging.

create or replace function private.is_object_name(name text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select name is not null
    and char_length(name) between 1 and 1024
    and name ~ '^[A-Za-z0-9 _.-]{1,255}(/[A-Za-z0-9 _.-]{1,255})*/?$'
    and name !~ '(^|/)\.\.?(/|$)'
    and name !~ '(^|/) | (/|$)';
$$;
comment on function private.is_object_name(text) is
  'Whether a storage object name from a client is safe to use in a URL: a strict character set, no empty, "." or ".." segments (see _shared/object-name.ts).';

create or replace function private.owns_object(name text, uid uuid, under text default '')
returns boolean
language sql
immutable
set search_path = ''
as $$
  select private.is_object_name(name)
    and uid is not null
    and starts_with(name, uid::text || '/' || coalesce(under, ''))
    and char_length(name) > char_length(uid::text) + 1;
$$;
comment on function private.owns_object(text, uuid, text) is
  'Whether a safe object name lies in the user''s own folder (optionally under a subfolder).';

-- Photos keep their own limit on the server too: raw-uploads takes 200 MB (for turntable videos),
-- so a 200 MB "photo" could be stored and sent to a job. Any original over 50 MB (whatever type its
-- uploader said it is) is refused before the job is accepted, before any charge — but a 360° spin's
-- single turntable video, which the bucket's 200 MB cap bounds.
create or replace function private.source_too_large(p_source text, p_studio text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select from storage.objects o
     where o.bucket_id = 'raw-uploads'
       and (o.name = p_source or (right(p_source, 1) = '/' and starts_with(o.name, p_source)))
       and not (p_studio = 'spin360' and right(p_source, 1) <> '/')
       and coalesce((o.metadata ->> 'size')::bigint, 0) > 52428800);
$$;
comment on function private.source_too_large(text, text) is 'Whether a job source (a file or a folder) holds an original over the 50 MB photo limit (a spin''s video aside).';

revoke all on function private.source_too_large(text, text) from public, anon, authenticated;
revoke all on function private.is_object_name(text) from public, anon, authenticated;
revoke all on function private.owns_object(text, uuid, text) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
create or replace function public.start_job(studio text, options jsonb default '{}'::jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_studio text := start_job.studio;
  v_options jsonb := coalesce(start_job.options, '{}'::jsonb);
  v_preset text := coalesce(nullif(v_options ->> 'preset', ''), 'default');
  v_source text := v_options ->> 'source_path';
  v_job uuid := gen_random_uuid();
  v_cost integer;
  v_label text;
  v_title text;
  v_balance integer;
begin
  if v_uid is null then
    raise exception 'User not authenticated' using errcode = 'PT401', detail = 'not_authenticated';
  end if;
  if private.studio_job_table(v_studio) is null then
    raise exception 'Unknown studio: %', coalesce(v_studio, 'null') using errcode = '22023', detail = 'invalid_studio';
  end if;
  if jsonb_typeof(v_options) <> 'object' or octet_length(v_options::text) > 16384 or v_preset !~ '^[a-z0-9_]{1,40}$' then
    raise exception 'Invalid job options' using errcode = '22023', detail = 'invalid_options';
  end if;
  if v_source is not null and not private.owns_object(v_source, v_uid) then
    raise exception 'The source file does not belong to you' using errcode = '42501', detail = 'forbidden_source';
  end if;
  if v_source is not null and private.source_too_large(v_source, v_studio) then
    raise exception 'Photos can be at most 50 MB' using errcode = '22023', detail = 'file_too_large';
  end if;

  select p.credits, p.label into v_cost, v_label
    from public.studio_prices p
    where p.studio = v_studio and p.preset in (v_preset, 'default')
    order by p.preset = 'default'
    limit 1;
  if v_cost is null then
    raise exception 'No price is set for %', v_studio using errcode = '22023', detail = 'invalid_studio';
  end if;

  v_balance := private.apply_credit_delta(v_uid, -v_cost, 'job_debit', v_studio, v_job);
  v_title := left(coalesce(nullif(trim(v_options ->> 'title'), ''), v_label), 200);

  if private.studio_job_table(v_studio) = 'image_jobs' then
    insert into public.image_jobs (id, user_id, studio, preset, title, options, orig_path, credits_charged)
      values (v_job, v_uid, v_studio, v_preset, v_title, v_options, v_source, v_cost);
  else
    insert into public.videos (id, user_id, studio, style, preset, title, options, orig_path, credits_charged)
      values (v_job, v_uid, v_studio, private.studio_content_type(v_studio), v_preset, v_title, v_options, v_source, v_cost);
  end if;

  insert into public.webhook_clicks (user_id, job_id, studio_type, status, credits_deducted)
    values (v_uid, v_job, private.studio_click_type(v_studio), 'started', v_cost);

  return jsonb_build_object('job_id', v_job, 'cost', v_cost, 'balance', v_balance);
end;
$$;

-- ---------------------------------------------------------------------------------------------
create or replace function public.complete_job(job_id uuid, result jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v private.job_ref := private.require_job(complete_job.job_id);
  r jsonb := coalesce(complete_job.result, '{}'::jsonb);
  v_path text := r ->> 'path';
  v_details jsonb := case when jsonb_typeof(r -> 'details') = 'object' then r -> 'details' else '{}'::jsonb end;
  v_content uuid;
begin
  if v.status in ('completed', 'failed') then
    return jsonb_build_object('job_id', v.id, 'status', v.status, 'changed', false);
  end if;
  if not private.owns_object(v_path, v.user_id) then
    raise exception 'The result path must be inside the user''s folder' using errcode = '22023', detail = 'invalid_result';
  end if;

  if v.tbl = 'image_jobs' then
    update public.image_jobs set status = 'completed', processed_path = v_path, result = r, err = null, completed_at = now()
      where id = v.id;
  else
    update public.videos set status = 'completed', video_path = v_path, thumbnail_path = r ->> 'thumbnail_path',
        credits_used = v.credits_charged, result = r, err = null, completed_at = now()
      where id = v.id;
  end if;

  insert into public.content_generations (
    user_id, job_id, content_type, product_name, status, bucket, storage_path, thumbnail_path,
    mime_type, bytes, width, height, input_data, output_data, credits_used, metadata)
  values (
    v.user_id, v.id, private.studio_content_type(v.studio), private.studio_product_name(v.studio, v.title),
    'completed', coalesce(r ->> 'bucket', 'processed'), v_path, r ->> 'thumbnail_path',
    r ->> 'mime_type', (r ->> 'bytes')::bigint, (r ->> 'width')::integer, (r ->> 'height')::integer,
    v.options, r, v.credits_charged,
    v_details || jsonb_strip_nulls(jsonb_build_object(
      'preset', v.preset, 'enhancement', v.title, 'size', (r ->> 'bytes')::bigint, 'format', r ->> 'mime_type',
      'media', r ->> 'media', 'duration_seconds', (r ->> 'duration_seconds')::numeric, 'source', 'worker')))
  returning id into v_content;

  update public.webhook_clicks
    set status = 'completed', content_id = v_content, credits_deducted = v.credits_charged, generation_completed_at = now()
    where webhook_clicks.job_id = v.id;

  return jsonb_build_object('job_id', v.id, 'status', 'completed', 'content_id', v_content, 'changed', true);
end;
$$;

-- ---------------------------------------------------------------------------------------------
create or replace function public.record_ad_variations(job_id uuid, user_id uuid, items jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v record;
  item jsonb;
  v_path text;
  v_ids uuid[] := '{}';
  v_id uuid;
begin
  select videos.id, videos.user_id, videos.studio, videos.status, videos.title into v from public.videos where videos.id = record_ad_variations.job_id;
  if v.id is null or v.studio <> 'competitor_ad' then
    raise exception 'No such analysis' using errcode = 'PT404', detail = 'job_not_found';
  end if;
  if v.user_id is distinct from record_ad_variations.user_id then
    raise exception 'This analysis belongs to another user' using errcode = 'PT403', detail = 'job_forbidden';
  end if;
  if v.status <> 'completed' then
    raise exception 'The analysis has not finished' using errcode = 'PT409', detail = 'job_not_queued';
  end if;
  if jsonb_typeof(items) <> 'array' or jsonb_array_length(items) not between 1 and 18 then
    raise exception 'Between 1 and 18 variations' using errcode = '22023', detail = 'invalid_result';
  end if;

  for item in select * from jsonb_array_elements(items) loop
    v_path := item ->> 'path';
    if not private.owns_object(v_path, v.user_id, 'facebook_ad/') then
      raise exception 'A variation must be in the user''s facebook_ad folder' using errcode = '22023', detail = 'invalid_result';
    end if;
    insert into public.content_generations (
      user_id, job_id, content_type, product_name, status, bucket, storage_path, mime_type, bytes, width, height,
      input_data, output_data, credits_used, metadata)
    values (
      v.user_id, null, 'facebook_ad', left(coalesce(nullif(item ->> 'title', ''), 'Ad variation'), 200), 'completed', 'processed', v_path,
      'image/jpeg', (item ->> 'bytes')::bigint, (item ->> 'width')::integer, (item ->> 'height')::integer,
      coalesce(item -> 'request', '{}'::jsonb), item, 0,
      jsonb_build_object('variation_of', v.id, 'placement', item ->> 'placement', 'style', item ->> 'style', 'checks', item -> 'checks', 'source', 'worker'))
    returning id into v_id;
    v_ids := v_ids || v_id;
  end loop;
  return jsonb_build_object('content_ids', to_jsonb(v_ids));
end;
$$;
