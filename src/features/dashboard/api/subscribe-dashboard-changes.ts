import type { RealtimeChannel } from '@supabase/supabase-js';
import { supabase } from '@/lib/supabase';

export type DashboardChange = 'jobs' | 'balance';

/**
 * Follows the user's own rows over realtime (docs/spec.md §7): every change to their videos and
 * image_jobs, and updates of their profile (the balance). Returns the unsubscribe function.
 */
export function subscribeDashboardChanges(userId: string, onChange: (change: DashboardChange) => void): () => void {
  const client = supabase();
  const filter = `user_id=eq.${userId}`;
  let channel: RealtimeChannel | undefined;
  let closed = false;

  // Join with the user's token: a join sent before realtime has it runs as anon, and RLS then
  // hides every row change from us.
  void client.realtime.setAuth().then(() => {
    if (closed) return;
    channel = client
      .channel(`dashboard:${userId}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'videos', filter }, () => onChange('jobs'))
      .on('postgres_changes', { event: '*', schema: 'public', table: 'image_jobs', filter }, () => onChange('jobs'))
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'profiles', filter }, () => onChange('balance'))
      .subscribe();
  });

  return () => {
    closed = true;
    if (channel) void client.removeChannel(channel);
  };
}
