import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { handleError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { spinKeys } from './keys';

export interface SpinShare {
  id: string;
  token: string;
  createdAt: string;
}

/** The public page of a share (the embed is the same page without the chrome). */
export const shareUrl = (token: string, origin = window.location.origin) => `${origin}/spin/${token}`;
export const embedSnippet = (token: string, title: string, origin = window.location.origin) =>
  `<iframe src="${shareUrl(token, origin)}?embed=1" title="${title.replace(/[<>&"]/g, '')} — 360° view" width="600" height="600" style="border:0;max-width:100%;aspect-ratio:1" allow="fullscreen" loading="lazy"></iframe>`;

/** The live (not revoked) share links of one spin. */
export async function getSpinShares(contentId: string): Promise<SpinShare[]> {
  const { data, error } = await supabase()
    .from('spin_shares')
    .select('id, token, created_at')
    .eq('content_id', contentId)
    .is('revoked_at', null)
    .order('created_at', { ascending: false });
  if (error) handleError(error, 'Failed to load share links');
  return data.map((row) => ({ id: row.id, token: row.token, createdAt: row.created_at }));
}

export function useSpinShares(contentId: string | null) {
  return useQuery({ queryKey: spinKeys.shares(contentId ?? ''), queryFn: () => getSpinShares(contentId!), enabled: !!contentId, throwOnError: false });
}

/** A new link for a spin: the token is made by the database, only the spin is named. */
export async function createSpinShare(contentId: string): Promise<SpinShare> {
  const { data, error } = await supabase().from('spin_shares').insert({ content_id: contentId }).select('id, token, created_at').single();
  if (error) handleError(error, 'Failed to create share link');
  return { id: data.id, token: data.token, createdAt: data.created_at };
}

export async function revokeSpinShare(id: string): Promise<void> {
  const { error } = await supabase().from('spin_shares').update({ revoked_at: new Date().toISOString() }).eq('id', id);
  if (error) handleError(error, 'Failed to revoke share link');
}

export function useShareActions(contentId: string) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: spinKeys.shares(contentId) });
  const create = useMutation({ mutationFn: () => createSpinShare(contentId), onSettled, meta: { errorToast: true } });
  const revoke = useMutation({ mutationFn: revokeSpinShare, onSettled, meta: { errorToast: true } });
  return { create, revoke };
}
