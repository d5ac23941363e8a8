-- The job and credit contract (docs/architecture.md §4).
--
--   start_job(studio, options)   client: debit the price, create the queued job   → {job_id, cost, balance}
--   claim_job(job_id, user_id)   worker: queued + fresh + the caller's → processing
--   complete_job(job_id, result) worker: completed, content row, webhook click completed
--   fail_job(job_id, error)      worker/sweeper: failed, refund through the ledger
--   sweep_stale_jobs()           timer: fail and refund jobs past expires_at
--
-- complete_job and fail_job are idempotent: once a job is completed or failed, a second call
-- changes nothing. Errors carry a machine-readable code in DETAIL for clients and the worker.

create type private.job_ref as (
  tbl text,
  id uuid,
  user_id uuid,
  studio text,
  preset text,
  title text,
  options jsonb,
  orig_path text,
  status text,
  credits_charged integer,
  expires_at timestamptz
);

create or replace function private.studio_job_table(p_studio text)
returns text language sql immutable set search_path = '' as $$
  select case
    when p_studio in ('lightbox', 'refine_image') then 'image_jobs'
    when p_studio in ('spin360', 'ugc', 'competitor_ad') then 'videos'
  end;
$$;

create or replace function private.studio_click_type(p_studio text)
returns text language sql immutable set search_path = '' as $$
  select case p_studio when 'spin360' then '360_spin' when 'ugc' then 'ugc_video' else p_studio end;
$$;

create or replace function private.studio_content_type(p_studio text)
returns text language sql immutable set search_path = '' as $$
  select case p_studio when 'spin360' then '360_video' when 'ugc' then 'ugc_video' when 'competitor_ad' then 'facebook_ad' else p_studio end;
$$;

-- Locks the job row, wherever it lives. Null when there is no such job.
create or replace function private.lock_job(p_job_id uuid)
returns private.job_ref
language plpgsql
set search_path = ''
as $$
declare
  v private.job_ref;
begin
  select 'image_jobs', j.id, j.user_id, j.studio, j.preset, j.title, j.options, j.orig_path, j.status, j.credits_charged, j.expires_at
    into v from public.image_jobs j where j.id = p_job_id for update;
  if found then return v; end if;
  select 'videos', j.id, j.user_id, j.studio, j.preset, j.title, j.options, j.orig_path, j.status, j.credits_charged, j.expires_at
    into v from public.videos j where j.id = p_job_id for update;
  if found then return v; end if;
  return null;
end;
$$;

create or replace function private.require_job(p_job_id uuid)
returns private.job_ref
language plpgsql
set search_path = ''
as $$
declare
  v private.job_ref := private.lock_job(p_job_id);
begin
  if v.id is null then
    raise exception 'Job not found' using errcode = 'PT404', detail = 'job_not_found';
  end if;
  return v;
end;
$$;

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
  if v_source is not null and (v_source not like v_uid::text || '/%' or v_source like '%..%' or char_length(v_source) > 1024) then
    raise exception 'The source file does not belong to you' using errcode = '42501', detail = 'forbidden_source';
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
comment on function public.start_job(text, jsonb) is
  'Atomically debits the studio price (from studio_prices) and queues a job for the caller. Raises insufficient_credits when the balance is too low.';

-- ---------------------------------------------------------------------------------------------
create or replace function public.claim_job(job_id uuid, user_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v private.job_ref := private.require_job(claim_job.job_id);
begin
  if v.user_id is distinct from claim_job.user_id then
    raise exception 'This job belongs to another user' using errcode = 'PT403', detail = 'job_forbidden';
  end if;
  if v.status <> 'queued' then
    raise exception 'This job is already %', v.status using errcode = 'PT409', detail = 'job_not_queued';
  end if;
  if v.expires_at <= now() then
    raise exception 'This job has expired' using errcode = 'PT409', detail = 'job_expired';
  end if;
  execute format('update public.%I set status = ''processing'', started_at = now() where id = $1', v.tbl) using v.id;
  return jsonb_build_object(
    'job_id', v.id, 'user_id', v.user_id, 'studio', v.studio, 'preset', v.preset, 'title', v.title,
    'options', v.options, 'source_path', v.orig_path, 'credits_charged', v.credits_charged);
end;
$$;
comment on function public.claim_job(uuid, uuid) is
  'Worker only: moves a queued, fresh job of the given user to processing. Refuses (job_not_found / job_forbidden / job_not_queued / job_expired) otherwise.';

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
    v.user_id, v.id, private.studio_content_type(v.studio),
    left(case when v.studio = 'refine_image' then 'Refined Image - ' || v.title else v.title end, 200),
    'completed', coalesce(r ->> 'bucket', 'processed'), v_path, r ->> 'thumbnail_path',
    r ->> 'mime_type', (r ->> 'bytes')::bigint, (r ->> 'width')::integer, (r ->> 'height')::integer,
    v.options, r, v.credits_charged,
    jsonb_strip_nulls(jsonb_build_object(
      'preset', v.preset, 'enhancement', v.title, 'size', (r ->> 'bytes')::bigint, 'format', r ->> 'mime_type',
      'source', 'worker', 'applied', r -> 'applied')))
  returning id into v_content;

  update public.webhook_clicks
    set status = 'completed', content_id = v_content, credits_deducted = v.credits_charged, generation_completed_at = now()
    where webhook_clicks.job_id = v.id;

  return jsonb_build_object('job_id', v.id, 'status', 'completed', 'content_id', v_content, 'changed', true);
end;
$$;
comment on function public.complete_job(uuid, jsonb) is
  'Worker only: records a finished job (content row, webhook click). Idempotent.';

-- ---------------------------------------------------------------------------------------------
create or replace function public.fail_job(job_id uuid, error text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v private.job_ref := private.require_job(fail_job.job_id);
  v_error text := left(coalesce(nullif(trim(fail_job.error), ''), 'Processing failed'), 1000);
begin
  if v.status in ('completed', 'failed') then
    return jsonb_build_object('job_id', v.id, 'status', v.status, 'refunded', 0, 'changed', false);
  end if;
  execute format('update public.%I set status = ''failed'', err = $2, completed_at = now() where id = $1', v.tbl)
    using v.id, v_error;
  if v.credits_charged > 0 then
    perform private.apply_credit_delta(v.user_id, v.credits_charged, 'job_refund', v.studio, v.id);
  end if;
  update public.webhook_clicks set status = 'failed', credits_deducted = 0, error = v_error
    where webhook_clicks.job_id = v.id;
  return jsonb_build_object('job_id', v.id, 'status', 'failed', 'refunded', v.credits_charged, 'changed', true);
end;
$$;
comment on function public.fail_job(uuid, text) is
  'Worker and sweeper: marks a job failed and refunds its credits exactly once. Idempotent.';

-- ---------------------------------------------------------------------------------------------
create or replace function public.sweep_stale_jobs()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_count integer := 0;
begin
  -- Jobs a worker is finishing right now are locked by it: skip them rather than wait (and risk
  -- a deadlock on the owner's balance row); the next sweep sees them if they are still stale.
  for v_id in
    select id from public.image_jobs where status in ('queued', 'processing') and expires_at < now() for update skip locked
  loop
    perform public.fail_job(v_id, 'The job timed out and your credits were refunded.');
    v_count := v_count + 1;
  end loop;
  for v_id in
    select id from public.videos where status in ('queued', 'processing') and expires_at < now() for update skip locked
  loop
    perform public.fail_job(v_id, 'The job timed out and your credits were refunded.');
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$$;
comment on function public.sweep_stale_jobs() is 'Fails and refunds jobs stuck past expires_at. Run every minute (pg_cron on hosted, a timer in the devstack).';

revoke all on function public.start_job(text, jsonb) from public, anon;
grant execute on function public.start_job(text, jsonb) to authenticated, service_role;
revoke all on function public.claim_job(uuid, uuid), public.complete_job(uuid, jsonb), public.fail_job(uuid, text), public.sweep_stale_jobs()
  from public, anon, authenticated;
grant execute on function public.claim_job(uuid, uuid), public.complete_job(uuid, jsonb), public.fail_job(uuid, text), public.sweep_stale_jobs()
  to service_role;
revoke all on function private.studio_job_table(text), private.studio_click_type(text), private.studio_content_type(text),
  private.lock_job(uuid), private.require_job(uuid) from public, anon, authenticated;

-- Hosted projects with pg_cron sweep every minute; the devstack runs the same function on a timer.
do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule('sweep-stale-jobs', '* * * * *', 'select public.sweep_stale_jobs()');
  end if;
end
$$;
