import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { realtime } from '@/test/fake-job-status';
import { server } from '@/test/msw/server';
import { renderStudio as renderWithProviders } from '@/test/render-studio';
import { storeTestSession } from '@/test/session';
import { API, baseHandlers, JOB_ID, jpegFile, lightboxRow, WEBHOOK } from '../test/lightbox-handlers';
import { LightboxStudioPage } from './lightbox-studio-page';
import { NOT_CHARGED } from './compliance-list';

vi.mock('@/domains/jobs/subscribe-job-status', () => import('@/test/fake-job-status'));

const renderStudio = () => renderWithProviders(<LightboxStudioPage />);

beforeEach(() => {
  toast.dismiss();
  storeTestSession();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => authStore.reset());

describe('Lightbox Studio', { timeout: 30_000 }, () => {
  it('asks for the product name before uploading or charging anything', async () => {
    let started = false;
    server.use(http.post(`${API}/rest/v1/rpc/start_job`, () => ((started = true), HttpResponse.json({}))), ...baseHandlers());
    const user = userEvent.setup();
    renderStudio();
    await user.upload(screen.getByLabelText('Choose a product photo'), jpegFile());
    await user.click(await screen.findByRole('button', { name: 'Create Lightbox Image' }));
    expect(await screen.findByText('Product name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Product name')).toHaveAttribute('aria-invalid', 'true');
    // The keyboard lands on what to fix, and hears why (the field's description).
    expect(screen.getByLabelText('Product name')).toHaveFocus();
    expect(screen.getByLabelText('Product name')).toHaveAccessibleDescription('Product name is required');
    expect(started).toBe(false);
  });

  it('follows the form with Tab as it reads: the photo, the product name and choices, then the run button', async () => {
    server.use(...baseHandlers());
    renderStudio();
    const choose = await screen.findByRole('button', { name: 'Choose Image' });
    const name = screen.getByLabelText('Product name');
    const run = screen.getByRole('button', { name: 'Create Lightbox Image' });
    const follows = (a: Element, b: Element) => !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(choose, name)).toBe(true);
    expect(follows(name, run)).toBe(true);
  });

  it('keeps Amazon on pure white: other backdrops are disabled while it is the output', async () => {
    server.use(...baseHandlers());
    const user = userEvent.setup();
    renderStudio();
    const backgrounds = screen.getByRole('radiogroup', { name: 'Background' });
    expect(within(backgrounds).getByRole('radio', { name: /Gradient/ })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /Instagram feed/ }));
    await user.click(within(backgrounds).getByRole('radio', { name: /Describe it/ }));
    expect(screen.getByLabelText('Background description')).toBeInTheDocument();
    expect(screen.getByText('1 credit · you have 10')).toBeInTheDocument();
  });

  it('sends the lightbox form without the photo, follows the job and lists the Amazon checks', async () => {
    let sent: FormData | undefined;
    let started: unknown;
    let rows: ReturnType<typeof lightboxRow>[] = [];
    server.use(
      http.get(`${API}/rest/v1/content_generations`, () => HttpResponse.json(rows)),
      http.post(`${API}/rest/v1/rpc/start_job`, async ({ request }) => {
        started = await request.json();
        return HttpResponse.json({ job_id: JOB_ID, cost: 1, balance: 9 });
      }),
      http.post(WEBHOOK, async ({ request }) => {
        sent = await request.formData();
        rows = [lightboxRow()];
        return HttpResponse.json({ job_id: JOB_ID, status: 'completed', media: 'image', url: 'https://x/y.jpg', width: 2000, height: 2000, bytes: 100, details: {} });
      }),
      http.get(`${API}/rest/v1/image_jobs`, () => HttpResponse.json({ id: JOB_ID, status: 'completed', err: null })),
      ...baseHandlers(),
    );
    const user = userEvent.setup();
    renderStudio();
    await user.upload(screen.getByLabelText('Choose a product photo'), jpegFile());
    await user.type(screen.getByLabelText('Product name'), 'Blue mug');
    await user.click(await screen.findByRole('button', { name: 'Create Lightbox Image' }));

    const checks = await screen.findByRole('list', { name: 'Marketplace rules' });
    expect(checks).toHaveTextContent('Background pure white (#FFFFFF)');
    expect(within(checks).getAllByLabelText('Passed')).toHaveLength(3);
    expect(started).toMatchObject({ studio: 'lightbox', options: { preset: 'default', title: 'Blue mug', output: 'amazon', background: 'white' } });
    expect(Object.fromEntries([...sent!.entries()])).toMatchObject({ job_id: JOB_ID, form_type: 'lightbox', product_name: 'Blue mug', background_description: '', image_source: 'storage' });
    expect(sent!.get('image')).toBeNull();
    expect(realtime.table).toBe('lightbox');
    expect(screen.getByRole('button', { name: /^Open Blue mug/ })).toBeInTheDocument();
  });

  /** A result whose cut-out the worker doubted, charged or not, opened in its dialog. */
  async function openDoubtfulResult(charge: 'waived' | 'charged') {
    const row = lightboxRow();
    server.use(...baseHandlers({ rows: [{ ...row, output_data: { details: { ...row.output_data.details, warnings: [DOUBT] } }, metadata: { charge } }] }));
    const user = userEvent.setup();
    renderStudio();
    await user.click(await screen.findByRole('button', { name: /^Open Blue mug/ }));
    return screen.findByRole('dialog');
  }
  const DOUBT = 'Check the edges before you publish: the cut-out was unsure where the product ends on this background.';

  it('shows what to check before publishing beside a result whose cut-out was unsure, and that it was not charged', async () => {
    const dialog = await openDoubtfulResult('waived');
    expect(within(dialog).getByText(DOUBT)).toBeInTheDocument();
    expect(within(dialog).getByText(NOT_CHARGED)).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Marketplace rules' })).toBeInTheDocument();
  });

  it('says nothing of the charge when a doubtful result was charged (the day\'s free ones used up)', async () => {
    const dialog = await openDoubtfulResult('charged');
    expect(within(dialog).getByText(DOUBT)).toBeInTheDocument();
    expect(within(dialog).queryByText(NOT_CHARGED)).not.toBeInTheDocument();
  });

  it('runs a batch: the whole cost up front, a photo that is not an image left out, each photo its own job, one ZIP', async () => {
    const started: unknown[] = [];
    const sent: FormData[] = [];
    let n = 0;
    server.use(
      http.post(`${API}/rest/v1/rpc/start_job`, async ({ request }) => {
        started.push(await request.json());
        n++;
        return HttpResponse.json({ job_id: `33333333-3333-4333-8333-00000000000${n}`, cost: 1, balance: 10 - n });
      }),
      http.post(WEBHOOK, async ({ request }) => {
        const form = await request.formData();
        sent.push(form);
        // The second photo fails in the worker (refunded there); the first succeeds.
        if (sent.length === 2) return HttpResponse.json({ error: { code: 'no_product_found', message: 'No product could be found in this photo.' }, refunded: 1 }, { status: 422 });
        return HttpResponse.json({ job_id: form.get('job_id'), status: 'completed', media: 'image', url: 'https://x/y.jpg', details: {} });
      }),
      http.get(`${API}/rest/v1/image_jobs`, () => HttpResponse.json({ id: JOB_ID, status: 'completed', err: null })),
      http.get(`${API}/rest/v1/content_generations`, () => HttpResponse.json([1, 2].map((i) => lightboxRow(`33333333-3333-4333-8333-00000000000${i}`)))),
      ...baseHandlers(),
    );
    const user = userEvent.setup();
    renderStudio();
    await user.click(screen.getByRole('radio', { name: /Batch/ }));
    await user.upload(screen.getByLabelText('Choose photos for the batch'), [jpegFile('one.jpg'), new File(['plain text'], 'notes.jpg', { type: 'image/jpeg' }), jpegFile('two.jpg')]);
    const list = await screen.findByRole('list', { name: 'Batch photos' });
    await within(list).findByText('Not an image');
    expect(screen.getByText(/2 photos to do × 1 credit = 2 credits · you have 10/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Product name'), 'Blue mug');
    await user.click(screen.getByRole('button', { name: 'Create lightbox images (2)' }));

    expect(await screen.findByText('Batch finished with errors')).toBeInTheDocument();
    expect(started).toHaveLength(2);
    expect(new Set(sent.map((form) => form.get('batch_id'))).size).toBe(1);
    expect(within(list).getByText('No product could be found in this photo. Your 1 credit was refunded.')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: /^Retry / })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download ZIP (1)' })).toBeEnabled();
  });
});
