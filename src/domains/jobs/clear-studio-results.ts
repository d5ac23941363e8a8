import { deleteContent, type DeleteOutcome } from '@/domains/content/delete-content';
import { handleError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { LibraryContentType } from '@shotcraft/shared/jobs/contract.ts';

/** Every result of one content type, not only those on screen: a studio's 'clear all' empties that part of the library. */
export async function clearStudioResults(contentType: LibraryContentType): Promise<DeleteOutcome> {
  const { data, error } = await supabase().from('content_generations').select('id').eq('content_type', contentType).limit(500);
  if (error) handleError(error, 'Failed to fetch media library');
  return deleteContent((data ?? []).map((row) => row.id));
}
