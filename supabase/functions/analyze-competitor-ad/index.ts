// Competitor ad analysis (docs/spec.md §7 analyze-competitor-ad):
//
//   POST { ad_url?: string, source_path?: string, job_id?: string, user_id?: string, metadata?: {...} }
//     → 200 { success: true, job_id, analysis, url }   | 4xx/5xx { success: false, error }
//
// The ad is either uploaded first (source_path, in the caller's raw-uploads folder) or a link
// (ad_url: https/http to a public address — the worker resolves and checks it again before any
// request). The function checks the caller and the rate limit, reserves the 10 credits with
// start_job as the caller, and hands the job to the worker, which fails and refunds it if the ad
// cannot be read. A job_id from an earlier start_job is taken instead of reserving a new one.
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { handler, HttpError, refusal } from '../_shared/handler.ts';
import { json } from '../_shared/json.ts';
import { adLinkProblem } from '@shotcraft/shared/url-safety.ts';
import { callWorker, workerMessage } from '../_shared/worker.ts';
import { isUuid } from '@shotcraft/shared/ids.ts';
import { AnalyzeBody } from './schema.ts';

const FAILED = 'Failed to analyze competitor ad';


Deno.serve(handler({ access: 'user', body: AnalyzeBody }, async ({ req, caller, body }) => {
  if (typeof body.user_id === 'string' && body.user_id !== caller.user.id) throw new HttpError(403, 'This job belongs to another account.');
  const adUrl = body.ad_url?.trim() ?? '';
  const sourcePath = body.source_path ?? '';
  if (!adUrl && !sourcePath) throw new HttpError(400, 'Failed to upload competitor ad: add the ad or paste its link.');
  if (adUrl) {
    const problem = adLinkProblem(adUrl);
    if (problem) throw new HttpError(422, problem);
  }
  const meta = body.metadata ?? {};
  const title = typeof meta.title === 'string' && meta.title.trim() ? meta.title.trim().slice(0, 120) : adUrl ? new URL(adUrl).hostname : 'Competitor ad';

  // Counted in this function's own words (not the handler's rateLimit): 'Rate limit exceeded'.
  const limit = await caller.client.rpc('check_rate_limit', { endpoint: 'analyze_competitor_ad', limit: 100, window_minutes: 60 });
  if (limit.error) throw new HttpError(500, 'Failed to check rate limit');
  if (!(limit.data as { allowed: boolean }).allowed) throw new HttpError(429, 'Rate limit exceeded');

  const askedJob = body.job_id;
  let jobId = isUuid(askedJob) ? askedJob : '';
  if (!jobId) {
    const started = await caller.client.rpc('start_job', { studio: 'competitor_ad', options: { preset: 'default', title, ...(adUrl ? { ad_url: adUrl } : { source_path: sourcePath }) } });
    if (started.error) {
      const insufficient = started.error.details === 'insufficient_credits';
      // A plan without the analyzer: start_job's own words, which name the plan that unlocks it.
      if (started.error.details === 'plan_required') throw new HttpError(403, started.error.message, 'plan_required', { plan: started.error.hint });
      throw new HttpError(insufficient ? 402 : 400, insufficient ? 'Insufficient credits' : `${FAILED}: ${started.error.message}`, started.error.details ?? undefined);
    }
    jobId = (started.data as { job_id: string }).job_id;
  }

  const form = new FormData();
  for (const [key, value] of Object.entries({ job_id: jobId, user_id: caller.user.id, form_type: 'competitor_ad', image_source: 'storage', image_url: adUrl, metadata: JSON.stringify(meta), submitted_at: new Date().toISOString() })) form.set(key, value);
  const reply = await callWorker('/webhooks/competitor_ad', req.headers.get('Authorization') ?? '', form);
  if (reply.status !== 200 || !reply.body) {
    // The worker failed (and refunded) the job; a job it never saw is cancelled here.
    await caller.client.rpc('cancel_job', { job_id: jobId });
    return refusal(reply.status === 200 ? 502 : reply.status, workerMessage(reply.body) ?? FAILED, undefined, { job_id: jobId, refunded: reply.body?.refunded ?? null });
  }
  const details = (reply.body.details ?? {}) as Record<string, unknown>;
  return json({ success: true, job_id: jobId, analysis: details.report ?? null, origin: details.origin ?? null, url: reply.body.url ?? null });
}));
