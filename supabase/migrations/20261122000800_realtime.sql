-- Live updates: the dashboard, studios and library follow job rows, content and the balance.
alter publication supabase_realtime add table public.image_jobs, public.videos, public.content_generations, public.profiles;
