-- A client whose run fails before the worker has the job (upload of the request failed, the
-- webhook was unreachable, the tab closed) gets its credits back at once instead of waiting for
-- the sweeper. Only the owner, only while the job is still queued; a job a worker has claimed
-- is finished by that worker.
create or replace function public.cancel_job(job_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v private.job_ref;
begin
  if auth.uid() is null then
    raise exception 'User not authenticated' using errcode = 'PT401', detail = 'not_authenticated';
  end if;
  v := private.lock_job(cancel_job.job_id);
  -- Someone else's job looks exactly like a missing one.
  if v.id is null or v.user_id is distinct from auth.uid() then
    raise exception 'Job not found' using errcode = 'PT404', detail = 'job_not_found';
  end if;
  if v.status <> 'queued' then
    return jsonb_build_object('job_id', v.id, 'status', v.status, 'refunded', 0, 'changed', false);
  end if;
  return public.fail_job(v.id, 'Cancelled before processing started. Your credits were refunded.');
end;
$$;
comment on function public.cancel_job(uuid) is
  'Owner only: fails a still-queued job and refunds it at once (the worker never claimed it). No-op for any other status.';

revoke all on function public.cancel_job(uuid) from public, anon;
grant execute on function public.cancel_job(uuid) to authenticated, service_role;
