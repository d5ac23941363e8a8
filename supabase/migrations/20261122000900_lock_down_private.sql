-- Functions are executable by PUBLIC by default. Nothing in schema private is meant to be called
-- by clients except the one helper the social_analytics policy needs.
revoke execute on all functions in schema private from public, anon, authenticated;
grant execute on function private.plan_allows_analytics() to authenticated;
