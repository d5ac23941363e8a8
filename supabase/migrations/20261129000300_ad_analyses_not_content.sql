-- A competitor's ad is not the user's content. An analysis was recorded as facebook_ad content,
-- beside the user's own ad variations, so the library listed it under Facebook Ads with a Post
-- button. Analyses are now content of their own type, ad_analysis: the analyzer's history reads
-- them, the library (list_content lists only its five types) does not, and nothing posts one
-- (social-post and the scheduled sender refuse it). Only the variations stay facebook_ad.

alter table public.content_generations drop constraint content_generations_content_type_check;
alter table public.content_generations add constraint content_generations_content_type_check
  check (content_type in ('lightbox', 'refine_image', 'ugc_video', '360_video', 'facebook_ad', 'uploaded_image', 'ad_analysis'));

-- Analyses already made: the rows a competitor_ad job completed (variations have no job of their own).
update public.content_generations c set content_type = 'ad_analysis'
  from public.videos v
  where c.content_type = 'facebook_ad' and c.job_id = v.id and v.studio = 'competitor_ad';

-- The content type of a studio's result (the job rows keep their style: private.studio_content_type).
create or replace function private.result_content_type(p_studio text)
returns text language sql immutable set search_path = '' as $$
  select case p_studio when 'competitor_ad' then 'ad_analysis' else private.studio_content_type(p_studio) end;
$$;
revoke all on function private.result_content_type(text) from public, anon, authenticated;

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
    v.user_id, v.id, private.result_content_type(v.studio), private.studio_product_name(v.studio, v.title),
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
