-- The studio kit: complete_job records every studio's result the same way.
--
-- What a result is called in the library (content type and product name) is derived from the
-- studio and the job's title in one place, private.studio_content_type and
-- private.studio_product_name, instead of a refine special case inside complete_job. The result
-- JSON is studio-neutral: path, bucket, media, mime_type, width, height, duration_seconds, bytes
-- and `details`, the studio's own facts (refine: applied, ignored; lightbox: compliance…), which
-- are merged into the content row's metadata.

create or replace function private.studio_product_name(p_studio text, p_title text)
returns text language sql immutable set search_path = '' as $$
  select left(case p_studio when 'refine_image' then 'Refined Image - ' || p_title else p_title end, 200);
$$;
comment on function private.studio_product_name(text, text) is
  'The library name of a studio result: refine results read ''Refined Image - {enhancement}'' (docs/spec.md §3), others their title.';
revoke all on function private.studio_product_name(text, text) from public, anon, authenticated;

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
  if v_path is null or v_path not like v.user_id::text || '/%' or v_path like '%..%' then
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
comment on function public.complete_job(uuid, jsonb) is
  'Worker only: records a finished job of any studio (content row named by private.studio_product_name, webhook click). Idempotent.';

revoke all on function public.complete_job(uuid, jsonb) from public, anon, authenticated;
grant execute on function public.complete_job(uuid, jsonb) to service_role;
