-- Social accounts, posts, analytics, campaigns and templates.
--
-- Platform tokens never reach the browser: the authenticated role has no privilege on the token
-- columns, and accounts are created by the server-side OAuth exchange (service role).

create or replace function private.plan_allows_analytics()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select from public.profiles where user_id = (select auth.uid()) and plan in ('professional', 'enterprise'));
$$;
comment on function private.plan_allows_analytics() is
  'Whether the caller''s plan includes social analytics (Pro+): the server refuses the data to other plans too.';
revoke all on function private.plan_allows_analytics() from public, anon;
-- Policies run as the caller, so the caller needs to reach this one function (and nothing else
-- in the schema: see the lock-down migration).
grant usage on schema private to authenticated;
grant execute on function private.plan_allows_analytics() to authenticated;

create table public.social_accounts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (user_id) on delete cascade,
  platform text not null check (platform in ('instagram', 'facebook', 'twitter', 'tiktok', 'pinterest')),
  username text not null check (char_length(username) <= 200),
  account_id text not null check (char_length(account_id) <= 200),
  access_token text,
  refresh_token text,
  token_expires_at timestamptz,
  follower_count integer not null default 0 check (follower_count >= 0),
  following_count integer not null default 0 check (following_count >= 0),
  post_count integer not null default 0 check (post_count >= 0),
  metadata jsonb not null default '{}'::jsonb,
  is_active boolean not null default true,
  is_verified boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, platform, account_id)
);
comment on table public.social_accounts is
  'Connected social accounts. access_token and refresh_token are readable only server-side (no column privilege for clients).';
create index social_accounts_user_platform_idx on public.social_accounts (user_id, platform) where is_active;
create trigger social_accounts_touch_updated_at before update on public.social_accounts
  for each row execute function private.touch_updated_at();

create table public.social_posts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (user_id) on delete cascade,
  social_account_id uuid references public.social_accounts (id) on delete set null,
  platform text not null check (platform in ('instagram', 'facebook', 'twitter', 'tiktok', 'pinterest')),
  content_type text not null check (content_type in ('image', 'video', 'carousel')),
  content_url text check (char_length(content_url) <= 2048),
  caption text not null default '' check (char_length(caption) <= 63206),
  hashtags text[] not null default '{}',
  mentions text[] not null default '{}',
  metadata jsonb not null default '{}'::jsonb,
  platform_post_id text,
  status text not null default 'pending' check (status in ('pending', 'scheduled', 'posting', 'posted', 'failed')),
  error text,
  scheduled_for timestamptz,
  posted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.social_posts is 'Posts made or scheduled to social platforms, one row per platform.';
create index social_posts_user_created_idx on public.social_posts (user_id, created_at desc);
create index social_posts_user_platform_idx on public.social_posts (user_id, platform, created_at desc);
create trigger social_posts_touch_updated_at before update on public.social_posts
  for each row execute function private.touch_updated_at();

create table public.social_analytics (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (user_id) on delete cascade,
  social_account_id uuid not null references public.social_accounts (id) on delete cascade,
  platform text not null check (platform in ('instagram', 'facebook', 'twitter', 'tiktok', 'pinterest')),
  metric_type text not null check (metric_type in ('impressions', 'views', 'likes', 'comments', 'shares', 'followers')),
  metric_value bigint not null default 0 check (metric_value >= 0),
  date date not null,
  created_at timestamptz not null default now(),
  unique (social_account_id, metric_type, date)
);
comment on table public.social_analytics is 'Daily metrics per connected account, upserted by the server-side sync. Pro+ only.';
create index social_analytics_user_platform_date_idx on public.social_analytics (user_id, platform, date desc);

create table public.social_campaigns (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (user_id) on delete cascade,
  name text not null check (char_length(name) between 1 and 200),
  description text check (char_length(description) <= 2000),
  status text not null default 'draft' check (status in ('draft', 'active', 'paused', 'completed')),
  starts_at timestamptz,
  ends_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (ends_at is null or starts_at is null or ends_at >= starts_at)
);
comment on table public.social_campaigns is 'Groups of social posts planned together.';
create index social_campaigns_user_created_idx on public.social_campaigns (user_id, created_at desc);
create trigger social_campaigns_touch_updated_at before update on public.social_campaigns
  for each row execute function private.touch_updated_at();

create table public.social_templates (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (user_id) on delete cascade,
  name text not null check (char_length(name) between 1 and 200),
  platform text check (platform in ('instagram', 'facebook', 'twitter', 'tiktok', 'pinterest')),
  content text not null default '' check (char_length(content) <= 63206),
  hashtags text[] not null default '{}',
  is_public boolean not null default false,
  usage_count integer not null default 0 check (usage_count >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.social_templates is 'Caption templates; public ones are visible to everyone.';
create index social_templates_user_idx on public.social_templates (user_id, usage_count desc);
create index social_templates_public_idx on public.social_templates (usage_count desc) where is_public;
create trigger social_templates_touch_updated_at before update on public.social_templates
  for each row execute function private.touch_updated_at();

alter table public.social_accounts enable row level security;
alter table public.social_posts enable row level security;
alter table public.social_analytics enable row level security;
alter table public.social_campaigns enable row level security;
alter table public.social_templates enable row level security;

create policy "users read their own social accounts" on public.social_accounts
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "users update their own social accounts" on public.social_accounts
  for update to authenticated using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy "users disconnect their own social accounts" on public.social_accounts
  for delete to authenticated using ((select auth.uid()) = user_id);

create policy "users read their own posts" on public.social_posts
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "users create posts on their own accounts" on public.social_posts
  for insert to authenticated with check (
    (select auth.uid()) = user_id
    and (social_account_id is null or exists (
      select from public.social_accounts a where a.id = social_account_id and a.user_id = (select auth.uid()))));
create policy "users update their own posts" on public.social_posts
  for update to authenticated using ((select auth.uid()) = user_id) with check (
    (select auth.uid()) = user_id
    and (social_account_id is null or exists (
      select from public.social_accounts a where a.id = social_account_id and a.user_id = (select auth.uid()))));
create policy "users delete their own posts" on public.social_posts
  for delete to authenticated using ((select auth.uid()) = user_id);

create policy "pro users read their own analytics" on public.social_analytics
  for select to authenticated using ((select auth.uid()) = user_id and (select private.plan_allows_analytics()));

create policy "users read their own campaigns" on public.social_campaigns
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "users create their own campaigns" on public.social_campaigns
  for insert to authenticated with check ((select auth.uid()) = user_id);
create policy "users update their own campaigns" on public.social_campaigns
  for update to authenticated using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy "users delete their own campaigns" on public.social_campaigns
  for delete to authenticated using ((select auth.uid()) = user_id);

create policy "anyone reads public templates, users their own" on public.social_templates
  for select to anon, authenticated using (is_public or (select auth.uid()) = user_id);
create policy "users create their own templates" on public.social_templates
  for insert to authenticated with check ((select auth.uid()) = user_id);
create policy "users update their own templates" on public.social_templates
  for update to authenticated using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy "users delete their own templates" on public.social_templates
  for delete to authenticated using ((select auth.uid()) = user_id);

revoke all on table public.social_accounts, public.social_posts, public.social_analytics, public.social_campaigns, public.social_templates
  from anon, authenticated;
grant select (id, user_id, platform, username, account_id, token_expires_at, follower_count, following_count, post_count,
  metadata, is_active, is_verified, created_at, updated_at) on table public.social_accounts to authenticated;
grant update (is_active) on table public.social_accounts to authenticated;
grant delete on table public.social_accounts to authenticated;
grant select, delete on table public.social_posts to authenticated;
grant insert (social_account_id, platform, content_type, content_url, caption, hashtags, mentions, metadata, status, scheduled_for, user_id)
  on table public.social_posts to authenticated;
grant update (caption, hashtags, mentions, metadata, status, scheduled_for, platform_post_id, posted_at, error)
  on table public.social_posts to authenticated;
grant select on table public.social_analytics to authenticated;
grant select, insert, update, delete on table public.social_campaigns to authenticated;
grant select on table public.social_templates to anon, authenticated;
grant insert (name, platform, content, hashtags, is_public, user_id), update (name, platform, content, hashtags, is_public), delete
  on table public.social_templates to authenticated;
