-- Connecting social accounts (OAuth 2.0, started and finished by edge functions).
--
-- social-connect writes one state row per attempt (the state parameter, the PKCE verifier, where
-- to send the user back); social-oauth-callback takes it once. Tokens land in social_accounts
-- sealed with the functions' key (AES-GCM), in columns no client role may select.

create table public.social_oauth_states (
  state text primary key check (char_length(state) between 32 and 128),
  user_id uuid not null references public.profiles (user_id) on delete cascade,
  platform text not null check (platform in ('instagram', 'facebook', 'twitter', 'tiktok', 'pinterest')),
  code_verifier text not null check (char_length(code_verifier) between 43 and 128),
  return_to text not null check (char_length(return_to) <= 2048),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '10 minutes'
);
comment on table public.social_oauth_states is
  'One OAuth attempt: its state parameter, PKCE verifier and return URL. Server only; used once, 10 minutes.';
create index social_oauth_states_expires_idx on public.social_oauth_states (expires_at);
alter table public.social_oauth_states enable row level security;
revoke all on table public.social_oauth_states from anon, authenticated;

-- Takes a state once (deleting it and any expired ones); null when unknown, used or expired.
create or replace function public.take_oauth_state(p_state text)
returns public.social_oauth_states
language plpgsql
security definer
set search_path = ''
as $$
declare
  v public.social_oauth_states;
begin
  delete from public.social_oauth_states where expires_at < now() - interval '1 day';
  delete from public.social_oauth_states where state = p_state returning * into v;
  if v.state is null or v.expires_at < now() then
    return null;
  end if;
  return v;
end;
$$;
revoke all on function public.take_oauth_state(text) from public, anon, authenticated;
grant execute on function public.take_oauth_state(text) to service_role;
