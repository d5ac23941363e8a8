-- A result the worker doubts is delivered without charge. The lightbox's cut-out can be unsure where
-- the product ends (a busy background, a glass over bokeh); the user gets the image with the doubt
-- said beside it, and the job's credits back, so a retry on a better photo costs nothing more.
--
-- The worker asks for it with `waive_charge: true` in the result (complete_job is service-role only:
-- no client can ask). The credits come back through the ledger (a job_refund row, at most one a job
-- by credit_ledger_one_refund_per_job), the content row records 0 credits used and `charge`
-- 'waived' in its metadata, which the studio shows. A user cannot farm free results with doubtful
-- photos: ten waivers in 24 hours, then a doubtful result is charged like any other
-- (`charge` 'charged', the doubt still said).

-- How many doubtful results a user gets free in 24 hours.
create or replace function private.waivers_per_day()
returns integer language sql immutable set search_path = '' as $$ select 10 $$;
revoke all on function private.waivers_per_day() from public, anon, authenticated;

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
  v_asked boolean := coalesce(r -> 'waive_charge' = 'true'::jsonb, false) and v.credits_charged > 0;
  v_waived boolean := false;
  v_credits integer;
begin
  if v.status in ('completed', 'failed') then
    return jsonb_build_object('job_id', v.id, 'status', v.status, 'changed', false);
  end if;
  if not private.owns_object(v_path, v.user_id) then
    raise exception 'The result path must be inside the user''s folder' using errcode = '22023', detail = 'invalid_result';
  end if;

  if v_asked then
    v_waived := (
      select count(*) from public.content_generations c
      where c.user_id = v.user_id and c.metadata ->> 'charge' = 'waived' and c.created_at > now() - interval '24 hours'
    ) < private.waivers_per_day();
  end if;
  v_credits := case when v_waived then 0 else v.credits_charged end;

  if v.tbl = 'image_jobs' then
    update public.image_jobs set status = 'completed', processed_path = v_path, result = r, err = null, completed_at = now()
      where id = v.id;
  else
    update public.videos set status = 'completed', video_path = v_path, thumbnail_path = r ->> 'thumbnail_path',
        credits_used = v_credits, result = r, err = null, completed_at = now()
      where id = v.id;
  end if;

  if v_waived then
    perform private.apply_credit_delta(v.user_id, v.credits_charged, 'job_refund', v.studio, v.id);
  end if;

  insert into public.content_generations (
    user_id, job_id, content_type, product_name, status, bucket, storage_path, thumbnail_path,
    mime_type, bytes, width, height, input_data, output_data, credits_used, metadata)
  values (
    v.user_id, v.id, private.result_content_type(v.studio), private.studio_product_name(v.studio, v.title),
    'completed', coalesce(r ->> 'bucket', 'processed'), v_path, r ->> 'thumbnail_path',
    r ->> 'mime_type', (r ->> 'bytes')::bigint, (r ->> 'width')::integer, (r ->> 'height')::integer,
    v.options, r, v_credits,
    v_details || jsonb_strip_nulls(jsonb_build_object(
      'preset', v.preset, 'enhancement', v.title, 'size', (r ->> 'bytes')::bigint, 'format', r ->> 'mime_type',
      'media', r ->> 'media', 'duration_seconds', (r ->> 'duration_seconds')::numeric, 'source', 'worker',
      'charge', case when v_waived then 'waived' when v_asked then 'charged' end)))
  returning id into v_content;

  update public.webhook_clicks
    set status = 'completed', content_id = v_content, credits_deducted = v_credits, generation_completed_at = now()
    where webhook_clicks.job_id = v.id;

  return jsonb_build_object('job_id', v.id, 'status', 'completed', 'content_id', v_content, 'changed', true,
    'waived', v_waived, 'refunded', v.credits_charged - v_credits);
end;
$$;

comment on function public.complete_job(uuid, jsonb) is
  'Worker (service role): records a processing job''s result and its content row. A result with waive_charge true (the worker doubts it) refunds the job''s credits through the ledger, up to private.waivers_per_day() a user in 24 hours; the content metadata says charge waived or charged.';
revoke all on function public.complete_job(uuid, jsonb) from public, anon, authenticated;
grant execute on function public.complete_job(uuid, jsonb) to service_role;
