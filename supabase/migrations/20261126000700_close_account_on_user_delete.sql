-- Deleting a user outside the app (the dashboard's Delete user, auth.admin.deleteUser) closes the
-- account as delete-account does: the balance is closed in the ledger and the ledger rows are kept
-- under an anonymous reference, then everything else of the user's goes with the profile. Without
-- this the cascade would leave ledger rows with neither owner nor reference, which the ledger
-- refuses, and the user could not be deleted at all.
create or replace function private.close_account_on_user_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.close_account(old.id);
  return old;
end;
$$;
revoke all on function private.close_account_on_user_delete() from public, anon, authenticated;

create trigger close_account_before_delete before delete on auth.users
  for each row execute function private.close_account_on_user_delete();
