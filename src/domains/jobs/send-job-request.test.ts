import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/msw/server';
import { jobForm, sendJobRequest, type JobRequest } from './send-job-request';

const URL = 'http://127.0.0.1:54330/webhooks/lightbox';
const fields: JobRequest['fields'] = {
  job_id: '22222222-2222-4222-8222-222222222222',
  user_id: '11111111-1111-4111-8111-111111111111',
  user_email: 'maker@example.com',
  form_type: 'lightbox',
  image_url: 'http://127.0.0.1:54321/storage/v1/object/sign/raw-uploads/x.jpg?token=t',
  image_source: 'storage',
  metadata: '{}',
  submitted_at: '2026-11-24T09:00:00.000Z',
  product_name: 'Blue mug',
};
const request = (extra: Partial<JobRequest> = {}): JobRequest => ({ url: URL, accessToken: 'user.jwt.token', fields, serviceName: 'the lightbox service', failure: 'Failed to generate lightbox image', ...extra });

describe('jobForm', () => {
  it('sends every field and no file when the worker reads the photo from storage', () => {
    const form = jobForm({ fields });
    expect(Object.fromEntries(form.entries())).toEqual(fields);
    expect(form.has('image')).toBe(false);
  });

  it('attaches the photo as "image" for a tool that cannot read storage', () => {
    const form = jobForm({ fields: { ...fields, image_source: 'file' }, image: new File(['x'], 'mug.jpg', { type: 'image/jpeg' }) });
    expect(form.get('image')).toMatchObject({ name: 'mug.jpg', type: 'image/jpeg' });
  });
});

describe('sendJobRequest', () => {
  it('posts with the user\'s bearer token and reads the studio-neutral reply', async () => {
    let auth: string | null = null;
    server.use(
      http.post(URL, ({ request: req }) => {
        auth = req.headers.get('authorization');
        return HttpResponse.json({ job_id: fields.job_id, status: 'completed', media: 'image', url: 'https://x/y.jpg', width: 2000, height: 2000, bytes: 1234, details: { compliance: [] } });
      }),
    );
    const reply = await sendJobRequest(request());
    expect(auth).toBe('Bearer user.jwt.token');
    expect(reply).toEqual({
      kind: 'json',
      result: { job_id: fields.job_id, status: 'completed', media: 'image', url: 'https://x/y.jpg', mime_type: null, width: 2000, height: 2000, duration_seconds: null, bytes: 1234, details: { compliance: [] } },
    });
  });

  it('accepts an image answered as a file by an automation tool', async () => {
    server.use(http.post(URL, () => new HttpResponse(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'content-type': 'image/jpeg' } })));
    const reply = await sendJobRequest(request());
    expect(reply.kind).toBe('binary');
  });

  it('surfaces the worker\'s own refusal message and code', async () => {
    server.use(http.post(URL, () => HttpResponse.json({ error: { code: 'unsupported_type', message: 'This file is not an image.' }, refunded: 1 }, { status: 415 })));
    await expect(sendJobRequest(request())).rejects.toMatchObject({ message: 'This file is not an image. Your 1 credit was refunded.', status: 415 });
  });

  it('says which service could not be reached', async () => {
    server.use(http.post(URL, () => HttpResponse.error()));
    await expect(sendJobRequest(request())).rejects.toMatchObject({ code: 'network', message: 'Failed to generate lightbox image: the lightbox service could not be reached.' });
  });

  it('refuses a reply it cannot read rather than showing a broken result', async () => {
    server.use(http.post(URL, () => HttpResponse.json({ ok: true })));
    await expect(sendJobRequest(request())).rejects.toMatchObject({ code: 'server', message: 'Failed to generate lightbox image: the lightbox service sent an answer we could not read.' });
  });
});
