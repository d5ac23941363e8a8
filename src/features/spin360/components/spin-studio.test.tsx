import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { realtime } from '@/test/fake-job-status';
import { server } from '@/test/msw/server';
import { renderStudio } from '@/test/render-studio';
import { TEST_USER, storeTestSession } from '@/test/session';
import { API, jpegFile, studioHandlers } from '@/test/studio-handlers';
import type { PhotoDecoder } from '../spin-source';
import { SpinStudio } from './spin-studio';

vi.mock('@/domains/jobs/subscribe-job-status', () => import('@/test/fake-job-status'));

const JOB_ID = '55555555-5555-4555-8555-555555555555';
const WEBHOOK = 'http://127.0.0.1:54330/webhooks/spin360';
const decoder: PhotoDecoder = { decode: async (file) => ({ width: 400, height: 300, thumb: new Blob(['t']), upload: file }) };
const photos = (n: number) => Array.from({ length: n }, (_, i) => jpegFile(`turn-${n - i}.jpg`));

function spinRow() {
  const base = `${TEST_USER.id}/360 Spin/${JOB_ID}`;
  const files: Record<string, string> = { 'poster.jpg': `${base}/poster.jpg`, 'loop.gif': `${base}/loop.gif` };
  for (let i = 0; i < 8; i++) files[`frames/00${i}.jpg`] = `${base}/frames/00${i}.jpg`;
  return {
    id: '66666666-6666-4666-8666-666666666666', job_id: JOB_ID, product_name: 'Red box', bucket: 'videos', storage_path: `${base}.mp4`,
    thumbnail_path: `${base}/poster.jpg`, image_url: null, mime_type: 'video/mp4', width: 1080, height: 1080,
    input_data: { title: 'Red box', source: 'frames' }, output_data: { details: { files, fps: 1.6, frame_count: 8 } }, metadata: { duration_seconds: 5 }, created_at: '2026-11-24T09:00:00.000Z',
  };
}

const renderSpin = () => renderStudio(<SpinStudio onContextChange={() => {}} decoder={decoder} />);

beforeEach(() => {
  toast.dismiss();
  storeTestSession();
  URL.createObjectURL = vi.fn(() => 'blob:thumb');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => authStore.reset());

describe('360° Spin Studio', { timeout: 30_000 }, () => {
  it('orders the photos by their numbers, lets them be moved and removed, and wants at least 8', async () => {
    server.use(...studioHandlers({ credits: 10, rows: [], jobId: JOB_ID }));
    const user = userEvent.setup();
    renderSpin();
    await user.upload(screen.getByLabelText('Choose the photos of one turn'), photos(8));
    const strip = await screen.findByRole('list', { name: 'Frame strip' });
    const names = () => within(strip).getAllByRole('img').map((img) => img.getAttribute('alt'));
    expect(names().slice(0, 2)).toEqual(['Frame 1: turn-1.jpg', 'Frame 2: turn-2.jpg']);
    expect(screen.getByText('5 credits · you have 10')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Move frame 2 earlier' }));
    expect(names().slice(0, 2)).toEqual(['Frame 1: turn-2.jpg', 'Frame 2: turn-1.jpg']);
    await user.click(screen.getByRole('button', { name: 'Remove frame 8' }));
    expect(screen.getByRole('alert')).toHaveTextContent('A spin needs at least 8 photos: add 1 more.');
    expect(screen.getByRole('button', { name: 'Create 360° Spin' })).toBeDisabled();
  });

  it('names the photo that is not an image, before any upload or charge', async () => {
    let started = false;
    server.use(http.post(`${API}/rest/v1/rpc/start_job`, () => ((started = true), HttpResponse.json({}))), ...studioHandlers({ credits: 10, rows: [], jobId: JOB_ID }));
    const user = userEvent.setup();
    renderSpin();
    await user.upload(screen.getByLabelText('Choose the photos of one turn'), [...photos(7), new File(['words'], 'turn-8.jpg', { type: 'image/jpeg' })]);
    expect(await screen.findByText('turn-8.jpg is not a JPEG, PNG, WebP, GIF or BMP image.')).toBeInTheDocument();
    expect(started).toBe(false);
  });

  it('uploads the photos in turn order to one folder, sends the spin form, follows the progress and shows the spin', async () => {
    const uploads: string[] = [];
    let started: { options?: Record<string, unknown> } | undefined;
    let sent: FormData | undefined;
    let rows: ReturnType<typeof spinRow>[] = [];
    server.use(
      http.post(`${API}/storage/v1/object/upload/sign/raw-uploads/*`, ({ request }) => {
        const path = new URL(request.url).pathname.replace('/storage/v1/object/upload/sign/raw-uploads/', '');
        uploads.push(decodeURIComponent(path));
        return HttpResponse.json({ url: `/object/upload/sign/raw-uploads/${path}?token=upload-token` });
      }),
      http.get(`${API}/rest/v1/content_generations`, () => HttpResponse.json(rows)),
      http.post(`${API}/rest/v1/rpc/start_job`, async ({ request }) => {
        started = (await request.json()) as typeof started;
        return HttpResponse.json({ job_id: JOB_ID, cost: 5, balance: 5 });
      }),
      http.post(WEBHOOK, async ({ request }) => {
        sent = await request.formData();
        realtime.emit?.({ status: 'processing', err: null, progress: 50 });
        rows = [spinRow()];
        return HttpResponse.json({ job_id: JOB_ID, status: 'completed', media: 'video', url: 'https://x/y.mp4', width: 1080, height: 1080, duration_seconds: 5, bytes: 100, details: {} });
      }),
      http.get(`${API}/rest/v1/videos`, () => HttpResponse.json({ id: JOB_ID, status: 'completed', err: null })),
      ...studioHandlers({ credits: 10, rows: [], jobId: JOB_ID }),
    );
    const user = userEvent.setup();
    renderSpin();
    await user.upload(screen.getByLabelText('Choose the photos of one turn'), photos(8));
    await screen.findByRole('list', { name: 'Frame strip' });
    await user.type(screen.getByLabelText('Product name'), 'Red box');
    await user.click(screen.getByRole('radio', { name: /Counter-clockwise/ }));
    await user.click(screen.getByRole('button', { name: 'Create 360° Spin' }));

    const viewer = await screen.findByRole('slider', { name: '360° view of Red box' });
    expect(viewer).toHaveAttribute('aria-valuemax', '8');
    expect(screen.getByText('Your 360° spin is ready.')).toBeInTheDocument();
    // One folder, the photos numbered in the strip's order.
    const folder = uploads[0]!.replace(/[^/]+$/, '');
    expect(folder).toMatch(new RegExp(`^${TEST_USER.id}/spin360/[0-9a-f-]{36}/$`));
    expect([...uploads].sort()).toEqual(Array.from({ length: 8 }, (_, i) => `${folder}00${i}_turn-${i + 1}.jpg`));
    expect(started?.options).toMatchObject({ preset: 'default', title: 'Red box', source: 'frames', direction: 'counterclockwise', seconds_per_turn: 5, source_path: folder });
    expect(Object.fromEntries([...sent!.entries()])).toMatchObject({ job_id: JOB_ID, form_type: 'spin360', image_source: 'storage', product_name: 'Red box' });
    expect(screen.getByRole('button', { name: 'Download MP4' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download GIF' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled();
  });
});
