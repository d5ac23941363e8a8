import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { realtime } from '@/test/fake-job-status';
import { server } from '@/test/msw/server';
import { renderStudio as renderWithProviders } from '@/test/render-studio';
import { API, baseHandlers, contentRow, JOB_ID, jpegFile, summary, WEBHOOK, type ContentRowFixture } from '../test/refine-handlers';
import { RefineStudioPage } from './refine-studio-page';
import { storeTestSession } from '@/test/session';

vi.mock('@/domains/jobs/subscribe-job-status', () => import('@/test/fake-job-status'));

const renderStudio = () => renderWithProviders(<RefineStudioPage />);

const fileInput = () => screen.getByLabelText('Choose an image to refine');

/** The run most tests make: the studio with `credits`, once the balance shows, a photo uploaded and Refine Image pressed. */
async function refineAPhoto(credits: number) {
  const user = userEvent.setup();
  renderStudio();
  await screen.findByLabelText(`Credit balance: ${credits}`);
  await user.upload(fileInput(), jpegFile());
  await user.click(await screen.findByRole('button', { name: 'Refine Image' }));
  return user;
}

beforeEach(() => {
  // sonner's toast store outlives a test's Toaster.
  toast.dismiss();
  storeTestSession();
  authStore.reset();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  authStore.reset();
  realtime.emit = undefined;
});

// The whole app's providers render per test: give a loaded CI machine room.
describe('Refine Image Studio', { timeout: 30_000 }, () => {
  it('refuses a 51 MB file with "File too large" and clears the error with Try Again', async () => {
    server.use(...baseHandlers());
    const user = userEvent.setup();
    renderStudio();
    const big = jpegFile('huge.jpg');
    Object.defineProperty(big, 'size', { value: 51 * 1024 * 1024 });
    await user.upload(fileInput(), big);
    expect(await screen.findByText('File too large')).toBeInTheDocument();
    const box = screen.getByRole('alert');
    expect(box).toHaveTextContent('Error: Please select an image smaller than 50MB.');
    await user.click(within(box).getByRole('button', { name: 'Try Again' }));
    expect(screen.getByRole('button', { name: 'Choose Image' })).toBeInTheDocument();
    expect(screen.getByText('or drag and drop your image here')).toBeInTheDocument();
  });

  it('refuses a text file renamed .jpg with "Invalid file type"', async () => {
    server.use(...baseHandlers());
    const user = userEvent.setup();
    renderStudio();
    await user.upload(fileInput(), new File(['just some text'], 'photo.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('Invalid file type')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Error: Please select a supported image format.');
    expect(screen.getByRole('button', { name: /refine image/i })).toBeDisabled();
  });

  it('shows a valid photo with its name, size in MB and the preview dialog', async () => {
    server.use(...baseHandlers());
    const user = userEvent.setup();
    renderStudio();
    await user.upload(fileInput(), jpegFile('mug.jpg'));
    expect(await screen.findByText('mug.jpg')).toBeInTheDocument();
    expect(screen.getByText('0.00 MB')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Ready for Image Refinement');
    expect(dialog).toHaveTextContent('image/jpeg');
  });

  it('keeps presets and custom text mutually exclusive, with prices from studio_prices', async () => {
    server.use(...baseHandlers());
    const user = userEvent.setup();
    renderStudio();
    const upscale = await screen.findByRole('radio', { name: /AI Upscaling/ });
    expect(await within(upscale).findByText('3 credits')).toBeInTheDocument();
    expect(within(screen.getByRole('radio', { name: /Color Correction/ })).getByText('2 credits')).toBeInTheDocument();

    await user.click(upscale);
    expect(upscale).toHaveAttribute('aria-checked', 'true');
    const custom = screen.getByPlaceholderText('e.g., make it more vibrant, add vintage effect, improve lighting...');
    await user.type(custom, 'more vibrant');
    expect(upscale).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText('Custom: more vibrant')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Noise Reduction/ }));
    expect(custom).toHaveValue('');
    expect(screen.getByRole('radio', { name: /Noise Reduction/ })).toHaveAttribute('aria-checked', 'true');
  });

  it('checks credits first: too few shows "Insufficient Credits" and uploads nothing', async () => {
    server.use(...baseHandlers({ credits: 1 }));
    await refineAPhoto(1);
    expect(await screen.findByText('Insufficient Credits')).toBeInTheDocument();
    expect(screen.getByText("You don't have enough credits to refine an image. Please upgrade your plan.")).toBeInTheDocument();
  });

  it('turns start_job refusing for insufficient credits into the same toast', async () => {
    server.use(
      ...baseHandlers({ credits: 5 }),
      http.post(`${API}/rest/v1/rpc/start_job`, () =>
        HttpResponse.json({ code: 'P0001', message: 'Insufficient credits', details: 'insufficient_credits', hint: null }, { status: 400 }),
      ),
    );
    await refineAPhoto(5);
    expect(await screen.findByText('Insufficient Credits')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refine Image' })).toBeEnabled();
  });

  it('shows a starter user the plan that unlocks it and the way to upgrade, instead of a run button (issue 33 #1)', async () => {
    server.use(http.post(`${API}/rest/v1/rpc/credit_summary`, () => HttpResponse.json({ ...summary(199), subscription_plan: 'starter', can_use_refine_image: false })), ...baseHandlers());
    renderStudio();
    const notice = await screen.findByRole('region', { name: 'Refine Image is part of the Professional plan' });
    expect(notice).toHaveTextContent('Your Starter plan includes: Lightbox studio.');
    expect(within(notice).getByRole('link', { name: 'Upgrade to Professional' })).toHaveAttribute('href', '/billing?plan=professional');
    expect(screen.queryByRole('button', { name: 'Refine Image' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Choose an image to refine')).not.toBeInTheDocument();
  });

  it("turns start_job's plan refusal into 'Upgrade to Professional' with an Upgrade button to billing", async () => {
    server.use(
      ...baseHandlers({ credits: 5 }),
      http.post(`${API}/rest/v1/rpc/start_job`, () =>
        HttpResponse.json({ code: 'PT403', message: 'Refine Image is part of the Professional plan. Upgrade to use it.', details: 'plan_required', hint: 'professional' }, { status: 403 }),
      ),
    );
    await refineAPhoto(5);
    expect(await screen.findByText('Upgrade to Professional')).toBeInTheDocument();
    expect(screen.getAllByText('Refine Image is part of the Professional plan. Upgrade to use it.').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
    expect(screen.queryByText('Insufficient Credits')).not.toBeInTheDocument();
  });

  it('follows a run through its real stages and shows what was applied', async () => {
    let reply!: () => void;
    const replied = new Promise<void>((resolve) => (reply = resolve));
    let sent: FormData | undefined;
    let rows: ContentRowFixture[] = [];
    server.use(
      // The first matching handler answers: these come before the defaults.
      http.get(`${API}/rest/v1/content_generations`, () => HttpResponse.json(rows)),
      http.post(`${API}/rest/v1/rpc/start_job`, () => HttpResponse.json({ job_id: JOB_ID, cost: 2, balance: 3 })),
      http.post(WEBHOOK, async ({ request }) => {
        sent = await request.formData();
        await replied;
        rows = [{ ...contentRow(1, 'custom'), job_id: JOB_ID, input_data: { preset: 'custom', custom_text: 'warmer and vintage' } }];
        return HttpResponse.json({ job_id: JOB_ID, status: 'completed', url: 'https://x/y.jpg', width: 10, height: 10, bytes: 100, details: { applied: ['warmth +15%', 'vintage tone'], ignored: ['sparkly'] } });
      }),
      http.get(`${API}/rest/v1/image_jobs`, () => HttpResponse.json({ id: JOB_ID, status: 'completed', err: null, processed_path: 'p' })),
      ...baseHandlers({ credits: 5 }),
    );
    const user = userEvent.setup();
    renderStudio();
    await screen.findByLabelText('Credit balance: 5');
    await user.upload(fileInput(), jpegFile());
    await user.type(screen.getByRole('textbox', { name: 'Custom enhancement description' }), 'warmer and vintage');
    await user.click(await screen.findByRole('button', { name: 'Refine Image' }));

    // Announced as unavailable, and it keeps the keyboard's focus through the run.
    expect(await screen.findByRole('button', { name: 'Preparing Image...' })).toHaveAttribute('aria-disabled', 'true');
    await vi.waitFor(() => expect(sent).toBeDefined());
    expect(Object.fromEntries([...sent!.entries()].filter(([, v]) => typeof v === 'string'))).toMatchObject({
      job_id: JOB_ID,
      user_id: '11111111-1111-4111-8111-111111111111',
      user_email: 'maker@example.com',
      form_type: 'refine_image',
      enhancement_type: 'custom',
      custom_text: 'warmer and vintage',
      credits: '2',
    });
    // The photo went to storage once; the worker reads it there, so the form carries no copy.
    expect(sent!.get('image')).toBeNull();
    expect(sent!.get('image_source')).toBe('storage');
    expect(JSON.parse(sent!.get('metadata') as string)).toMatchObject({ source_path: expect.stringMatching(/^11111111-1111-4111-8111-111111111111\/refine_image\/.+\.jpg$/), file_name: 'mug.jpg' });

    realtime.emit?.({ status: 'processing', err: null, progress: null });
    const running = await screen.findByRole('button', { name: 'Refining Image...' });
    expect(running).toHaveAttribute('aria-disabled', 'true');
    expect(running).toHaveFocus();
    reply();

    const applied = await screen.findByRole('list', { name: 'Applied operations' });
    expect(applied).toHaveTextContent('warmth +15%');
    expect(screen.getByText(/Not understood, so not applied/)).toHaveTextContent('“sparkly”');
    expect(screen.getByText('Your refined image is ready.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Open warmer and vintage/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refine Image' })).toHaveFocus();
  });

  it('shows the worker\'s own message when it refuses the job', async () => {
    server.use(
      ...baseHandlers({ credits: 5 }),
      http.post(`${API}/rest/v1/rpc/start_job`, () => HttpResponse.json({ job_id: JOB_ID, cost: 2, balance: 3 })),
      http.post(WEBHOOK, () => HttpResponse.json({ error: { code: 'undecodable_image', message: 'The image could not be decoded.' } }, { status: 422 })),
    );
    await refineAPhoto(5);
    expect(await screen.findByText('Refinement failed')).toBeInTheDocument();
    // In the toast, and kept in the panel after the toast is gone.
    expect(screen.getAllByText('The image could not be decoded.')).toHaveLength(2);
    expect(screen.getByRole('alert')).toHaveTextContent('The image could not be decoded.');
    expect(await screen.findByRole('button', { name: 'Refine Image' })).toBeEnabled();
  });

  it('gives the credits back at once when the worker cannot be reached', async () => {
    let cancelled: unknown;
    server.use(
      http.post(`${API}/rest/v1/rpc/cancel_job`, async ({ request }) => {
        cancelled = await request.json();
        return HttpResponse.json({ job_id: JOB_ID, status: 'failed', refunded: 2, changed: true });
      }),
      ...baseHandlers({ credits: 5 }),
      http.post(`${API}/rest/v1/rpc/start_job`, () => HttpResponse.json({ job_id: JOB_ID, cost: 2, balance: 3 })),
      http.post(WEBHOOK, () => HttpResponse.error()),
    );
    await refineAPhoto(5);
    expect(await screen.findByText('Refinement failed')).toBeInTheDocument();
    await vi.waitFor(() => expect(cancelled).toEqual({ job_id: JOB_ID }));
  });

  it('shows the empty state, then pages through more than 3 results with "N of M"', async () => {
    server.use(...baseHandlers({ rows: [1, 2, 3, 4].map((i) => contentRow(i)) }));
    const user = userEvent.setup();
    renderStudio();
    const pager = await screen.findByRole('navigation', { name: 'Refined images pages' });
    expect(pager).toHaveTextContent('1 of 2');
    expect(screen.getAllByRole('button', { name: /^Open Color Correction/ })).toHaveLength(3);
    await user.click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(pager).toHaveTextContent('2 of 2');
    expect(screen.getAllByRole('button', { name: /^Open Color Correction/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Download all 4 images' })).toBeEnabled();
  });

  it('says there are no refined images yet and disables download all and clear all', async () => {
    server.use(...baseHandlers());
    renderStudio();
    expect(await screen.findByText('No refined images yet')).toBeInTheDocument();
    expect(screen.getByText('Generate your first enhanced image')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download all 0 images' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear all images' })).toBeDisabled();
  });

  it('refines a batch with one recipe: each photo its own job, the custom words sent with each', async () => {
    const sent: FormData[] = [];
    let n = 0;
    server.use(
      http.post(`${API}/rest/v1/rpc/start_job`, () => HttpResponse.json({ job_id: `22222222-2222-4222-8222-00000000000${++n}`, cost: 2, balance: 10 - 2 * n })),
      http.post(WEBHOOK, async ({ request }) => {
        const form = await request.formData();
        sent.push(form);
        return HttpResponse.json({ job_id: form.get('job_id'), status: 'completed', url: 'https://x/y.jpg', details: { applied: ['warmth +15%'], ignored: [] } });
      }),
      http.get(`${API}/rest/v1/image_jobs`, () => HttpResponse.json({ id: JOB_ID, status: 'completed', err: null })),
      ...baseHandlers({ credits: 10 }),
    );
    const user = userEvent.setup();
    renderStudio();
    await screen.findByLabelText('Credit balance: 10');
    await user.click(screen.getByRole('radio', { name: /Batch/ }));
    await user.upload(screen.getByLabelText('Choose photos for the batch'), [jpegFile('a.jpg'), jpegFile('b.jpg'), jpegFile('c.jpg')]);
    await user.type(screen.getByRole('textbox', { name: 'Custom enhancement description' }), 'warmer');
    expect(await screen.findByText(/3 photos to do × 2 credits = 6 credits · you have 10/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refine images (3)' }));
    expect(await screen.findByText('Batch finished')).toBeInTheDocument();
    expect(sent.map((form) => [form.get('form_type'), form.get('custom_text'), form.get('enhancement_type')])).toEqual(Array(3).fill(['refine_image', 'warmer', 'custom']));
    expect(new Set(sent.map((form) => form.get('batch_id'))).size).toBe(1);
    expect(within(screen.getByRole('list', { name: 'Batch photos' })).getAllByText('Done')).toHaveLength(3);
  });

  it('clears the last result when the next attempt is refused, so "ready, 100%" never sits under a new choice', async () => {
    let credits = 2;
    server.use(
      http.post(`${API}/rest/v1/rpc/credit_summary`, () => HttpResponse.json(summary(credits))),
      http.post(`${API}/rest/v1/rpc/start_job`, () => ((credits = 0), HttpResponse.json({ job_id: JOB_ID, cost: 2, balance: 0 }))),
      http.post(WEBHOOK, () => HttpResponse.json({ job_id: JOB_ID, status: 'completed', url: 'https://x/y.jpg', details: { applied: ['warmth +15%'], ignored: [] } })),
      http.get(`${API}/rest/v1/image_jobs`, () => HttpResponse.json({ id: JOB_ID, status: 'completed', err: null })),
      ...baseHandlers({ credits: 2 }),
    );
    const user = await refineAPhoto(2);
    expect(await screen.findByText('Your refined image is ready.')).toBeInTheDocument();
    await screen.findByLabelText('Credit balance: 0');

    await user.click(screen.getByRole('radio', { name: /Noise Reduction/ }));
    await user.click(screen.getByRole('button', { name: 'Refine Image' }));
    expect(await screen.findByText('Insufficient Credits')).toBeInTheDocument();
    expect(screen.queryByText('Your refined image is ready.')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Applied operations' })).not.toBeInTheDocument();
  });

  it('makes the presets one Tab stop that arrow keys move through, and the hidden file input no stop at all', async () => {
    server.use(...baseHandlers());
    const user = userEvent.setup();
    renderStudio();
    const presets = await screen.findAllByRole('radio', { name: /Enhancement|Correction|Detail|Reduction|Upscaling/ });
    expect(presets.filter((radio) => radio.tabIndex === 0)).toHaveLength(1);
    expect(fileInput()).toHaveAttribute('tabindex', '-1');
    screen.getByRole('radio', { name: /^General Enhancement/ }).focus();
    await user.keyboard('{ArrowDown}');
    const color = screen.getByRole('radio', { name: /^Color Correction/ });
    expect(color).toHaveAttribute('aria-checked', 'true');
    await vi.waitFor(() => expect(color).toHaveFocus());
  });

  it('keeps the keyboard in the upload card as its buttons change: Choose Image → Preview, Remove → Choose Image, a refusal → Try Again', async () => {
    server.use(...baseHandlers());
    const user = userEvent.setup();
    renderStudio();
    // The file chooser opened from the focused Choose Image button; the button goes when the photo is in.
    screen.getByRole('button', { name: 'Choose Image' }).focus();
    await user.upload(fileInput(), jpegFile('mug.jpg'));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Preview' })).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Remove' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Choose Image' })).toHaveFocus());
    await user.upload(fileInput(), new File(['just some text'], 'photo.jpg', { type: 'image/jpeg' }));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Try Again' })).toHaveFocus());
  });

  it('gives focus back to the tile that opened the preview when the preview closes', async () => {
    server.use(...baseHandlers({ rows: [contentRow(1)] }));
    const user = userEvent.setup();
    renderStudio();
    const tile = await screen.findByRole('button', { name: /^Open Color Correction/ });
    await user.click(tile);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(tile).toHaveFocus();
  });

  it('says which enhancement a run will use when the custom field is focused but blank', async () => {
    server.use(...baseHandlers());
    const user = userEvent.setup();
    renderStudio();
    await user.type(screen.getByRole('textbox', { name: 'Custom enhancement description' }), '   ');
    expect(within(screen.getByRole('radiogroup', { name: 'Enhancement Type' })).queryAllByRole('radio', { checked: true })).toHaveLength(0);
    expect(screen.getByText(/the custom description is empty, so this is used/)).toHaveTextContent('Enhancement: General Enhancement (the custom description is empty, so this is used)');
  });

  it('asks before deleting a refined image, as the library does', async () => {
    let deleted: unknown;
    server.use(
      http.post(`${API}/functions/v1/delete-content`, async ({ request }) => {
        deleted = await request.json();
        return HttpResponse.json({ results: [{ id: contentRow(1).id, status: 'deleted', file_missing: false }] });
      }),
      ...baseHandlers({ rows: [contentRow(1)] }),
    );
    const user = userEvent.setup();
    renderStudio();
    await user.click(await screen.findByRole('button', { name: 'Delete Color Correction' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are you absolutely sure?' });
    expect(confirm).toHaveTextContent('This action cannot be undone. This will permanently delete your Color Correction from our servers.');
    expect(deleted).toBeUndefined();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted Successfully')).toBeInTheDocument();
    expect(deleted).toEqual({ ids: [contentRow(1).id] });
  });
});
