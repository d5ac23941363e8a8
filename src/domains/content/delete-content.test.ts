import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { isAppError } from '@/lib/errors';
import { server } from '@/test/msw/server';
import { deleteContent } from './delete-content';

const URL_ = 'http://127.0.0.1:54321/functions/v1/delete-content';
const A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const C = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

/** Answers delete-content with `results` and records the ids it was asked for. */
function answer(results: unknown, status = 200) {
  const asked: unknown[] = [];
  server.use(
    http.post(URL_, async ({ request }) => {
      asked.push(((await request.json()) as { ids: unknown }).ids);
      return HttpResponse.json(status === 200 ? { results } : { error: 'Failed to delete media item' }, { status });
    }),
  );
  return asked;
}

describe('deleteContent', () => {
  it('sends no request for an empty list', async () => {
    const asked = answer([]);
    expect(await deleteContent([])).toEqual({ deleted: [], failed: [], fileMissing: [] });
    expect(asked).toEqual([]);
  });

  it('splits the per-item answers into deleted, failed and deleted-with-file-missing', async () => {
    const asked = answer([
      { id: A, status: 'deleted', file_missing: false },
      { id: B, status: 'deleted', file_missing: true },
      { id: C, status: 'error', code: 'not_found', error: 'Content not found' },
    ]);
    expect(await deleteContent([A, B, C])).toEqual({
      deleted: [A, B],
      failed: [{ id: C, status: 'error', code: 'not_found', error: 'Content not found' }],
      fileMissing: [B],
    });
    expect(asked).toEqual([[A, B, C]]);
  });

  it('counts an id the server gave no answer for as failed', async () => {
    answer([{ id: A, status: 'deleted', file_missing: false }]);
    const outcome = await deleteContent([A, B]);
    expect(outcome.deleted).toEqual([A]);
    expect(outcome.failed).toEqual([{ id: B, status: 'error', code: 'server', error: 'No answer for this item' }]);
  });

  it('counts every id as failed when the answer has no results', async () => {
    answer(undefined);
    const outcome = await deleteContent([A, B]);
    expect(outcome.deleted).toEqual([]);
    expect(outcome.failed.map((f) => f.id)).toEqual([A, B]);
  });

  it('ignores answers for ids it did not ask about', async () => {
    answer([
      { id: A, status: 'deleted', file_missing: false },
      { id: C, status: 'deleted', file_missing: false },
    ]);
    expect((await deleteContent([A])).deleted).toEqual([A]);
  });

  it('throws an AppError when the request itself fails', async () => {
    answer(undefined, 500);
    const error = await deleteContent([A]).catch((e: unknown) => e);
    expect(isAppError(error)).toBe(true);
  });
});
