import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import { storeResult } from './storage.js';

/** A service client whose storage answers each upload with the next of `answers`. */
function serviceAnswering(answers: ({ message: string; statusCode?: string } | null)[]) {
  const upload = vi.fn(async () => ({ data: null, error: answers.shift() ?? null }));
  return { client: { storage: { from: () => ({ upload }) } } as unknown as SupabaseClient, upload };
}

describe('storeResult', () => {
  it('retries a storage hiccup and succeeds', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client, upload } = serviceAnswering([{ message: 'fetch failed' }, null]);
    await expect(storeResult(client, 'processed', 'u/a.jpg', Buffer.from('x'), 'image/jpeg')).resolves.toBeUndefined();
    expect(upload).toHaveBeenCalledTimes(2);
  });

  it('does not retry a refusal, and says why', async () => {
    const { client, upload } = serviceAnswering([{ message: 'mime type text/html is not supported', statusCode: '415' }]);
    await expect(storeResult(client, 'processed', 'u/a.html', Buffer.from('x'), 'text/html')).rejects.toMatchObject({ code: 'storage_failed', message: 'Could not save the result: mime type text/html is not supported' });
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('gives up after three attempts', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client, upload } = serviceAnswering([{ message: 'busy' }, { message: 'busy' }, { message: 'busy' }]);
    await expect(storeResult(client, 'processed', 'u/a.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toMatchObject({ code: 'storage_failed' });
    expect(upload).toHaveBeenCalledTimes(3);
  });
});
