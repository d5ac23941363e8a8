-- Public caption templates are read without who wrote them (issue: trust boundaries, "also fix"):
-- anon, and any signed-in user, could select user_id of every public template.
--
-- The table is now its owner's alone; everyone reads public templates through a view that has no
-- user_id (the view runs with its owner's rights, and shows public rows only).

revoke select on table public.social_templates from anon;
drop policy "anyone reads public templates, users their own" on public.social_templates;
create policy "users read their own templates" on public.social_templates
  for select to authenticated using ((select auth.uid()) = user_id);

create view public.public_social_templates with (security_invoker = false) as
  select id, name, platform, content, hashtags, usage_count, created_at, updated_at
    from public.social_templates
   where is_public;
comment on view public.public_social_templates is 'Public caption templates, without their authors. Anyone may read them.';
revoke all on public.public_social_templates from public;
grant select on public.public_social_templates to anon, authenticated;
