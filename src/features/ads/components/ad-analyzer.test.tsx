import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { realtime } from '@/test/fake-job-status';
import { server } from '@/test/msw/server';
import { renderStudio } from '@/test/render-studio';
import { storeTestSession } from '@/test/session';
import { API, studioHandlers } from '@/test/studio-handlers';
import { DashboardAdAnalyzerPage } from './ad-analyzer-page';
import { AD_REPORT } from '../test/ad-report';

vi.mock('@/domains/jobs/subscribe-job-status', () => import('@/test/fake-job-status'));

const WEBHOOK = 'http://127.0.0.1:54330/webhooks/competitor_ad';
const JOB_ID = '55555555-5555-4555-8555-555555555555';

beforeEach(() => {
  toast.dismiss();
  storeTestSession();
});
afterEach(() => authStore.reset());

async function pasteLink(url: string) {
  const user = userEvent.setup();
  renderStudio(<DashboardAdAnalyzerPage />);
  await user.click(await screen.findByRole('tab', { name: /Paste a link/ }));
  await user.type(screen.getByLabelText('Link to the ad image'), url);
  await user.click(screen.getByRole('button', { name: 'Analyze Ad' }));
}

const face = { y: 0.5, width: 0.1, height: 0.1 };
const WITH_FACES = { ...AD_REPORT, layout: { ...AD_REPORT.layout, faces: [{ x: 0.2, ...face }, { x: 0.6, ...face }] } };

describe('Competitor Ad Analyzer on the studio kit', { timeout: 30_000 }, () => {
  it('reserves the job with start_job, sends the link to its webhook and shows the report', async () => {
    let started: unknown;
    let sent: FormData | undefined;
    server.use(
      ...studioHandlers({ jobId: JOB_ID, credits: 20 }),
      http.post(`${API}/rest/v1/rpc/start_job`, async ({ request }) => {
        started = await request.json();
        return HttpResponse.json({ job_id: JOB_ID, cost: 10, balance: 10 });
      }),
      http.post(WEBHOOK, async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({ job_id: JOB_ID, status: 'completed', media: 'image', url: 'https://x/annotated.jpg', details: { report: WITH_FACES } });
      }),
      http.get(`${API}/rest/v1/videos`, () => HttpResponse.json({ id: JOB_ID, status: 'completed', err: null })),
    );
    await pasteLink('https://ads.example/summer.png');

    expect(await screen.findByLabelText('Score 80 of 100')).toBeInTheDocument();
    expect(screen.getByText(/text in the top third · product on the centre · 2 faces/)).toBeInTheDocument();
    expect(started).toEqual({ studio: 'competitor_ad', options: { preset: 'default', title: 'ads.example', ad_url: 'https://ads.example/summer.png' } });
    expect(Object.fromEntries([...sent!.entries()])).toMatchObject({ job_id: JOB_ID, form_type: 'competitor_ad', image_source: 'storage', image_url: '', product_name: 'ads.example' });
    expect(realtime.table).toBe('competitor_ad');
  });

  it('refuses a private link before anything is reserved, and says why beside the button', async () => {
    let started = false;
    server.use(...studioHandlers({ jobId: JOB_ID, credits: 20 }), http.post(`${API}/rest/v1/rpc/start_job`, () => ((started = true), HttpResponse.json({}))));
    await pasteLink('http://192.168.1.10/ad.png');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link points at a private address and is not fetched.');
    expect(started).toBe(false);
  });
});
