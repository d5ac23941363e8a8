-- Settings (issue: settings, account and outgoing webhooks): avatars, and closing an account.
--
-- Avatars: a public bucket (the header shows them without signing URLs), images only, 5 MB, each
-- user writing only under {user_id}/.
--
-- Closing an account removes the user's rows and files, except the credit ledger, which accounting
-- keeps: its rows lose the user id (user_id set null when the profile goes) and carry instead a
-- random account_ref shared by that account's rows, after a closing row that brings the balance to
-- zero, so the anonymised rows of every closed account still sum to 0.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('avatars', 'avatars', true, 5242880, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

create policy "users upload their own avatar" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "users see their own avatar files" on storage.objects
  for select to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "users replace their own avatar" on storage.objects
  for update to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "users remove their own avatar" on storage.objects
  for delete to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);

-- ---------------------------------------------------------------------------------------------
-- The ledger outlives the account, anonymised
-- ---------------------------------------------------------------------------------------------
alter table public.credit_ledger add column account_ref uuid;
comment on column public.credit_ledger.account_ref is
  'Set when the account is closed: one random id shared by that account''s rows, whose user_id is then null.';
alter table public.credit_ledger alter column user_id drop not null;
alter table public.credit_ledger drop constraint credit_ledger_user_id_fkey;
alter table public.credit_ledger add constraint credit_ledger_user_id_fkey
  foreign key (user_id) references public.profiles (user_id) on delete set null;
alter table public.credit_ledger add constraint credit_ledger_owned_or_closed
  check (user_id is not null or account_ref is not null);
alter table public.credit_ledger drop constraint credit_ledger_reason_check;
alter table public.credit_ledger add constraint credit_ledger_reason_check
  check (reason in ('signup_grant', 'job_debit', 'job_refund', 'purchase', 'plan_grant', 'adjustment', 'account_closed'));

-- Everything of an account's data that lives in tables, before its auth user is deleted (the
-- delete-account function removes the files first and the auth user after): the balance is
-- closed through the ledger, the ledger is anonymised, and the user's rows are deleted. Returns
-- the account_ref its ledger rows now carry (null when there was nothing left to close).
create or replace function public.close_account(p_user_id uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_balance integer;
  v_ref uuid := gen_random_uuid();
begin
  select credits into v_balance from public.profiles where user_id = p_user_id for update;
  -- Already closed (a retry after the auth user's deletion failed): nothing left here.
  if not found then
    return null;
  end if;
  if v_balance > 0 then
    perform private.apply_credit_delta(p_user_id, -v_balance, 'account_closed');
  end if;
  update public.credit_ledger set account_ref = v_ref where user_id = p_user_id;
  -- Product analytics are the user's data too (an error report may quote what they typed).
  delete from public.analytics_events where user_id = p_user_id;
  -- Every other table of the user's cascades from the profile.
  delete from public.profiles where user_id = p_user_id;
  return v_ref;
end;
$$;
revoke all on function public.close_account(uuid) from public, anon, authenticated;
grant execute on function public.close_account(uuid) to service_role;
