import { useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { AppError } from '@/lib/errors';
import { publicFunction } from '@/lib/supabase-public';
import { spinKeys } from './keys';

const SharedSpinSchema = z.object({
  title: z.string(),
  fps: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  video_url: z.string().nullable(),
  poster_url: z.string().nullable(),
  loop_url: z.string().nullable(),
  frames: z.array(z.string()),
});
export type SharedSpin = z.infer<typeof SharedSpinSchema>;

/** A shared spin by its link's token, for anyone (the spin-share function signs its files). */
export async function getSharedSpin(token: string): Promise<SharedSpin> {
  let response: Response;
  try {
    response = await publicFunction('spin-share', { token });
  } catch (error) {
    throw new AppError('network', 'Could not open this spin: the server could not be reached.', { cause: error });
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.status === 404) throw new AppError('not_found', (body as { error?: string } | null)?.error ?? 'This spin is not shared any more, or the link is wrong.');
  const parsed = SharedSpinSchema.safeParse(body);
  if (!response.ok || !parsed.success) throw new AppError('server', 'Could not open this spin. Please try again.');
  return parsed.data;
}

export function useSharedSpin(token: string) {
  return useQuery({ queryKey: [...spinKeys.all, 'shared', token], queryFn: () => getSharedSpin(token), retry: false, throwOnError: false, staleTime: 30 * 60_000 });
}
