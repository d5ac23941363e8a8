-- A signed-out visitor reads public caption templates, not who wrote them (issue: trust
-- boundaries, "also fix"): anon could select user_id of every public template.
revoke select on table public.social_templates from anon;
grant select (id, name, platform, content, hashtags, is_public, usage_count, created_at, updated_at) on table public.social_templates to anon;
