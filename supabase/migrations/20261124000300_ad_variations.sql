-- Competitor ad analyses and their variations.
--
-- An analysis is a competitor_ad job (10 credits, start_job as every studio); its result is the
-- annotated ad with the report in `details`. Its variations ("make my version") are rendered on
-- request, rate limited rather than charged again, and each is a facebook_ad content row of its
-- own, recorded here by the worker.

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
    if v_path is null or v_path not like v.user_id::text || '/facebook_ad/%' or v_path like '%..%' then
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
comment on function public.record_ad_variations(uuid, uuid, jsonb) is
  'Worker only: records the rendered variations of a finished competitor-ad analysis as facebook_ad content (no charge: the analysis paid).';
revoke all on function public.record_ad_variations(uuid, uuid, jsonb) from public, anon, authenticated;
grant execute on function public.record_ad_variations(uuid, uuid, jsonb) to service_role;

-- The library names an analysis after what it read.
create or replace function private.studio_product_name(p_studio text, p_title text)
returns text language sql immutable set search_path = '' as $$
  select left(case p_studio when 'refine_image' then 'Refined Image - ' || p_title when 'competitor_ad' then 'Ad analysis - ' || p_title else p_title end, 200);
$$;
comment on function private.studio_product_name(text, text) is
  'The library name of a studio result: refine results read ''Refined Image - {enhancement}'', analyses ''Ad analysis - {headline}'', others their title.';
revoke all on function private.studio_product_name(text, text) from public, anon, authenticated;
