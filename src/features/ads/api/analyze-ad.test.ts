import { describe, expect, it } from 'vitest';
import { TEST_USER } from '@/test/session';
import { adTitle, adUploader, analysisOf } from './analyze-ad';
import { AD_REPORT } from '../test/ad-report';

const JOB = '22222222-2222-4222-8222-222222222222';

describe('the ad on the studio kit', () => {
  it('refuses a file that is not an image or a video before any upload (msw refuses any request)', async () => {
    const upload = adUploader(TEST_USER.id, { kind: 'file', file: new File(['just words'], 'ad.png', { type: 'image/png' }) });
    await expect(upload(() => {})).rejects.toMatchObject({ message: expect.stringMatching(/^Failed to upload competitor ad: choose a JPEG, PNG or WebP image/) });
  });

  it('keeps a link a link (nothing uploaded) and refuses a private one in the function\'s words', async () => {
    await expect(adUploader(TEST_USER.id, { kind: 'url', url: 'https://ads.example/summer.png' })(() => {})).resolves.toEqual({ sourcePath: null, imagePath: null });
    await expect(adUploader(TEST_USER.id, { kind: 'url', url: 'http://10.0.0.1/x.png' })(() => {})).rejects.toMatchObject({ message: 'This link points at a private address and is not fetched.' });
  });

  it("titles an analysis with the user's words, else the file's name or the link's site", () => {
    expect(adTitle({ kind: 'url', url: 'https://ads.example/summer.png' }, '  Summer  ')).toBe('Summer');
    expect(adTitle({ kind: 'url', url: 'https://ads.example/summer.png' }, '')).toBe('ads.example');
    expect(adTitle({ kind: 'file', file: new File([''], 'glossier-sale.webp') }, '')).toBe('glossier-sale');
  });

  it("reads the report from the worker's answer, and refuses a file answer or a report of the wrong shape", () => {
    const reply = { job_id: JOB, status: 'completed' as const, media: 'image' as const, url: 'https://x/annotated.jpg', mime_type: null, width: null, height: null, duration_seconds: null, bytes: null };
    expect(analysisOf(JOB, { kind: 'json', result: { ...reply, details: { report: AD_REPORT } } })).toMatchObject({ jobId: JOB, annotatedUrl: 'https://x/annotated.jpg', report: { headline: { text: 'Summer Sale' } } });
    expect(() => analysisOf(JOB, { kind: 'json', result: { ...reply, details: { report: { score: 'high' } } } })).toThrow('Failed to analyze competitor ad');
    expect(() => analysisOf(JOB, { kind: 'binary', blob: new Blob([]) })).toThrow(/answered with a file/);
  });
});
