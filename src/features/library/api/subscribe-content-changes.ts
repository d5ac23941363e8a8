import { supabase } from '@/lib/supabase';

/**
 * Calls `onChange` when the user's content rows are inserted or updated (a job finished while the
 * library is open). Returns the unsubscribe function.
 */
export function subscribeContentChanges(userId: string, onChange: () => void): () => void {
  const client = supabase();
  const filter = `user_id=eq.${userId}`;
  const channel = client
    .channel(`library:${userId}`)
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'content_generations', filter }, onChange)
    .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'content_generations', filter }, onChange)
    .subscribe();
  return () => {
    void client.removeChannel(channel);
  };
}
