-- Token refresh only under a lease its holder owns (issue: trust boundaries, item 3). Before, a
-- caller that did not win the lease in 15 s refreshed anyway, cleared whatever lease was there when
-- it finished (another holder's included), and stored its token whatever had been stored meanwhile:
-- two refreshes of X's rotating refresh token log the account out.
--
-- Now a lease names its holder; only the holder releases it; the token is stored only over the
-- version the holder read (compare and swap, in social-tokens.ts).

alter table public.social_accounts add column refresh_lease_holder text check (char_length(refresh_lease_holder) <= 64);

drop function public.social_take_refresh_lease(uuid, integer);

-- Takes the lease for `p_holder` when nobody holds a live one. True when taken.
create or replace function public.social_take_refresh_lease(p_account uuid, p_holder text, p_seconds integer default 30)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with taken as (
    update public.social_accounts
       set refresh_lease_until = now() + make_interval(secs => least(greatest(p_seconds, 1), 120)), refresh_lease_holder = p_holder
     where id = p_account and (refresh_lease_until is null or refresh_lease_until < now())
    returning 1)
  select exists (select from taken);
$$;
revoke all on function public.social_take_refresh_lease(uuid, text, integer) from public, anon, authenticated;
grant execute on function public.social_take_refresh_lease(uuid, text, integer) to service_role;

-- Gives the lease back, only if `p_holder` still holds it.
create or replace function public.social_release_refresh_lease(p_account uuid, p_holder text)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with released as (
    update public.social_accounts set refresh_lease_until = null, refresh_lease_holder = null
     where id = p_account and refresh_lease_holder = p_holder
    returning 1)
  select exists (select from released);
$$;
revoke all on function public.social_release_refresh_lease(uuid, text) from public, anon, authenticated;
grant execute on function public.social_release_refresh_lease(uuid, text) to service_role;

-- Any new token (a refresh, or the user connecting the account again) is a new version, and a
-- reconnect ends a refresh under way: its compare and swap then fails, and it can neither store
-- tokens of the old grant over the new ones nor pause the account the user just reconnected.
create or replace function private.bump_token_version()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.access_token is distinct from old.access_token and new.token_version <= old.token_version then
    new.token_version := old.token_version + 1;
    new.refresh_lease_until := null;
    new.refresh_lease_holder := null;
  end if;
  return new;
end;
$$;

create trigger social_accounts_token_version
  before update of access_token on public.social_accounts
  for each row execute function private.bump_token_version();
