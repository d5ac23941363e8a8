-- Storage buckets and their policies. User media is private, under {user_id}/…, and reaches the
-- browser through signed URLs; only the carousel bucket is public.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('raw-uploads', 'raw-uploads', false, 52428800, array['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/bmp']),
  ('processed', 'processed', false, 52428800, array['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'video/mp4', 'video/webm', 'application/zip']),
  ('videos', 'videos', false, 52428800, array['video/mp4', 'video/webm', 'video/quicktime', 'image/jpeg', 'image/png', 'image/webp', 'image/gif']),
  ('thumbnails', 'thumbnails', false, 10485760, array['image/jpeg', 'image/png', 'image/webp']),
  ('carousel', 'carousel', true, 52428800, array['video/mp4', 'video/webm', 'image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- raw-uploads: the browser uploads originals into its own folder, and may read and remove them.
create policy "users upload originals to their own folder" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'raw-uploads' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "users read their own originals" on storage.objects
  for select to authenticated
  using (bucket_id = 'raw-uploads' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "users replace their own originals" on storage.objects
  for update to authenticated
  using (bucket_id = 'raw-uploads' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'raw-uploads' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "users remove their own originals" on storage.objects
  for delete to authenticated
  using (bucket_id = 'raw-uploads' and (storage.foldername(name))[1] = (select auth.uid())::text);

-- processed, videos, thumbnails: written by the worker (service role); owners read their folder.
-- Deletes go through the delete-content function so the file and its row disappear together.
create policy "users read their own generated media" on storage.objects
  for select to authenticated
  using (bucket_id in ('processed', 'videos', 'thumbnails') and (storage.foldername(name))[1] = (select auth.uid())::text);

-- carousel: public marketing videos; anyone may list and read, only the service role writes.
create policy "anyone reads the carousel" on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'carousel');
