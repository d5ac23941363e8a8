-- Refreshing a platform token under a per-account lease, so two posts racing on an account with
-- rotating refresh tokens (X) never both spend the same refresh token and log the account out.

alter table public.social_accounts
  add column refresh_lease_until timestamptz,
  add column token_version integer not null default 0;
comment on column public.social_accounts.refresh_lease_until is 'While set in the future, one function instance is refreshing this account''s token.';
comment on column public.social_accounts.token_version is 'Grows with each stored token, so a waiter sees when the refresh it waited for landed.';

-- Takes the lease when nobody holds a live one. True when taken.
create or replace function public.social_take_refresh_lease(p_account uuid, p_seconds integer default 30)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with taken as (
    update public.social_accounts set refresh_lease_until = now() + make_interval(secs => least(greatest(p_seconds, 1), 120))
     where id = p_account and (refresh_lease_until is null or refresh_lease_until < now())
    returning 1)
  select exists (select from taken);
$$;
revoke all on function public.social_take_refresh_lease(uuid, integer) from public, anon, authenticated;
grant execute on function public.social_take_refresh_lease(uuid, integer) to service_role;
