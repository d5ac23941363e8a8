-- Generation jobs, their results and the webhook audit trail.
--
-- image_jobs (lightbox, refine_image) and videos (spin360, ugc, competitor_ad) share one
-- lifecycle: queued → processing → completed | failed. Rows are written only by start_job(),
-- claim_job(), complete_job() and fail_job(); clients read their own.

create table public.image_jobs (
  id uuid primary key default gen_random_uuid(),
  job_id uuid generated always as (id) stored,
  user_id uuid not null references public.profiles (user_id) on delete cascade,
  studio text not null check (studio in ('lightbox', 'refine_image')),
  preset text not null default 'default',
  title text not null check (char_length(title) <= 200),
  options jsonb not null default '{}'::jsonb,
  orig_path text,
  processed_path text,
  status text not null default 'queued' check (status in ('queued', 'processing', 'completed', 'failed')),
  err text,
  credits_charged integer not null check (credits_charged >= 0),
  result jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  started_at timestamptz,
  completed_at timestamptz,
  expires_at timestamptz not null default now() + interval '15 minutes'
);
comment on table public.image_jobs is
  'Lightbox and Refine Image jobs. expires_at bounds how long a job may stay queued or processing before the sweeper fails and refunds it.';

create index image_jobs_user_created_idx on public.image_jobs (user_id, created_at desc);
create index image_jobs_user_studio_status_idx on public.image_jobs (user_id, studio, status);
create index image_jobs_open_idx on public.image_jobs (expires_at) where status in ('queued', 'processing');
create trigger image_jobs_touch_updated_at before update on public.image_jobs
  for each row execute function private.touch_updated_at();

create table public.videos (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (user_id) on delete cascade,
  studio text not null check (studio in ('spin360', 'ugc', 'competitor_ad')),
  style text not null check (style in ('360_video', 'ugc_video', 'competitor_ad', 'facebook_ad')),
  preset text not null default 'default',
  title text not null check (char_length(title) <= 200),
  options jsonb not null default '{}'::jsonb,
  orig_path text,
  video_path text,
  thumbnail_path text,
  status text not null default 'queued' check (status in ('queued', 'processing', 'completed', 'failed')),
  err text,
  credits_charged integer not null check (credits_charged >= 0),
  credits_used integer not null default 0 check (credits_used >= 0),
  views integer not null default 0 check (views >= 0),
  engagement integer not null default 0 check (engagement >= 0),
  result jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  started_at timestamptz,
  completed_at timestamptz,
  expires_at timestamptz not null default now() + interval '30 minutes'
);
comment on table public.videos is
  '360° spin, UGC and competitor-ad jobs and their videos. credits_used is what a completed job was charged.';

create index videos_user_created_idx on public.videos (user_id, created_at desc);
create index videos_user_style_status_idx on public.videos (user_id, style, status);
create index videos_open_idx on public.videos (expires_at) where status in ('queued', 'processing');
create trigger videos_touch_updated_at before update on public.videos
  for each row execute function private.touch_updated_at();

create table public.content_generations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (user_id) on delete cascade,
  job_id uuid unique,
  content_type text not null check (content_type in ('lightbox', 'refine_image', 'ugc_video', '360_video', 'facebook_ad', 'uploaded_image')),
  product_name text not null check (char_length(product_name) <= 200),
  status text not null default 'completed' check (status in ('processing', 'completed', 'failed')),
  bucket text not null default 'processed' check (bucket in ('processed', 'videos', 'thumbnails', 'raw-uploads')),
  storage_path text,
  thumbnail_path text,
  image_url text,
  mime_type text,
  bytes bigint check (bytes >= 0),
  width integer check (width > 0),
  height integer check (height > 0),
  input_data jsonb not null default '{}'::jsonb,
  output_data jsonb not null default '{}'::jsonb,
  credits_used integer not null default 0 check (credits_used >= 0),
  metadata jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
comment on table public.content_generations is
  'One row per finished piece of media: what the library lists. credits_used is what the job was really charged.';

create index content_generations_user_created_idx on public.content_generations (user_id, created_at desc);
create index content_generations_user_type_created_idx on public.content_generations (user_id, content_type, created_at desc);

create table public.webhook_clicks (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (user_id) on delete cascade,
  job_id uuid not null unique,
  studio_type text not null check (studio_type in ('lightbox', 'refine_image', '360_spin', 'ugc_video', 'competitor_ad')),
  content_id uuid references public.content_generations (id) on delete set null,
  status text not null default 'started' check (status in ('started', 'completed', 'failed')),
  credits_deducted integer not null default 0 check (credits_deducted >= 0),
  error text,
  generation_completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.webhook_clicks is
  'Audit trail of automation webhook calls: started on start_job, completed with the credits charged or failed with 0.';

create index webhook_clicks_user_created_idx on public.webhook_clicks (user_id, created_at desc);
create trigger webhook_clicks_touch_updated_at before update on public.webhook_clicks
  for each row execute function private.touch_updated_at();

create table public.media (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (user_id) on delete cascade,
  bucket text not null check (bucket in ('processed', 'videos', 'thumbnails', 'raw-uploads')),
  path text not null check (char_length(path) <= 1024),
  poster_path text,
  mime_type text,
  bytes bigint check (bytes >= 0),
  created_at timestamptz not null default now(),
  unique (bucket, path)
);
comment on table public.media is 'Media files registered for download-URL lookups (get-download-url).';

create index media_user_created_idx on public.media (user_id, created_at desc);

-- RLS: owners read their rows; every write goes through the job functions or the service role.
alter table public.image_jobs enable row level security;
alter table public.videos enable row level security;
alter table public.content_generations enable row level security;
alter table public.webhook_clicks enable row level security;
alter table public.media enable row level security;

create policy "users read their own image jobs" on public.image_jobs
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "users read their own videos" on public.videos
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "users read their own content" on public.content_generations
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "users read their own webhook clicks" on public.webhook_clicks
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "users read their own media" on public.media
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "users delete their own media rows" on public.media
  for delete to authenticated using ((select auth.uid()) = user_id);

revoke all on table public.image_jobs, public.videos, public.content_generations, public.webhook_clicks, public.media from anon, authenticated;
grant select on table public.image_jobs, public.videos, public.content_generations, public.webhook_clicks, public.media to authenticated;
grant delete on table public.media to authenticated;
