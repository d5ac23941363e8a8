-- Caption templates in use (SPEC: social_templates, own or public, ordered by usage).
--
-- A user saves a caption as a template (their own; public if they choose), and uses their own or
-- anyone's public ones in the Share dialog. Using one goes through use_social_template(), which
-- returns its text and counts the use: every use of one's own, and one use per user of someone
-- else's public template, so nobody can push a public template up the list by using it over and
-- over. usage_count is written by that function only (clients never had the column). A user
-- keeps at most 200 templates.

create table public.social_template_uses (
  template_id uuid not null references public.social_templates (id) on delete cascade,
  user_id uuid not null references public.profiles (user_id) on delete cascade,
  used_at timestamptz not null default now(),
  primary key (template_id, user_id)
);
comment on table public.social_template_uses is
  'Who has used a public template of someone else (counted once each). Written only by use_social_template().';
alter table public.social_template_uses enable row level security;
revoke all on table public.social_template_uses from anon, authenticated;

create or replace function public.use_social_template(p_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  t public.social_templates%rowtype;
  v_count boolean := false;
begin
  if v_uid is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  select * into t from public.social_templates where id = p_id and (is_public or user_id = v_uid);
  if t.id is null then
    raise exception 'Template not found' using errcode = 'PT404', detail = 'template_not_found';
  end if;
  if t.user_id = v_uid then
    v_count := true;
  else
    insert into public.social_template_uses (template_id, user_id) values (t.id, v_uid) on conflict do nothing;
    v_count := found;
  end if;
  if v_count then
    update public.social_templates set usage_count = usage_count + 1 where id = t.id;
  end if;
  return jsonb_build_object('id', t.id, 'name', t.name, 'content', t.content, 'hashtags', to_jsonb(t.hashtags), 'platform', t.platform);
end;
$$;
comment on function public.use_social_template(uuid) is
  'A template''s text for the Share dialog (one''s own, or anyone''s public one), counting the use; another user''s public template counts once per user.';
revoke all on function public.use_social_template(uuid) from public, anon;
grant execute on function public.use_social_template(uuid) to authenticated;

create or replace function private.limit_social_templates()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- One user's inserts are counted one at a time (the lock), so parallel inserts cannot pass 200.
  perform pg_advisory_xact_lock(hashtext('social_templates:' || new.user_id::text));
  if (select count(*) from public.social_templates where user_id = new.user_id) >= 200 then
    raise exception 'You can keep up to 200 caption templates. Delete one to save another.' using errcode = 'P0001', detail = 'template_limit';
  end if;
  return new;
end;
$$;
revoke all on function private.limit_social_templates() from public, anon, authenticated;
create trigger social_templates_limit before insert on public.social_templates
  for each row execute function private.limit_social_templates();
