import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { startDevstack } from '@shotcraft/devstack/src/index.ts';
import { originalPath, RAW_UPLOADS_BUCKET, SIGNED_URL_SECONDS, STUDIO_CONTENT_TYPE, STUDIO_JOB_TABLE, type StudioKey } from '@shotcraft/shared/jobs/contract.ts';
import type { LightboxOptions } from '@shotcraft/shared/jobs/studios/lightbox.ts';
import { AD_SPECS, renderCorpusAd } from '@shotcraft/worker/src/studios/competitor-ad/ad-corpus.ts';
import { naturalScene, toJpeg } from '@shotcraft/worker/test/fixtures.ts';
import { DEFAULT_OPTIONS as LIGHTBOX_DEFAULTS } from '../../src/features/lightbox/options.ts';
import { REFINE_PRESETS } from '../../src/features/refine/presets.ts';
import { freePorts } from '../../tests/helpers/ports.js';
import { workerModelsSettled } from '../../scripts/lib/worker-models.ts';
import { parseServerTiming } from '../lib/server-timing.ts';

/**
 * `npx tsx bench/load/run.ts` prints JSON: many users running studios at the same time on one
 * devstack and one media worker (both started here on free ports; the data folder is removed
 * afterwards). Not a test: nothing is timed against a target. It exits 1 only when a consistency
 * check fails (or the bench itself cannot run).
 *
 * LOAD_USERS users (default 32) are created, each given LOAD_GRANT credits (default 100) through
 * private.apply_credit_delta (an 'adjustment' ledger row, as the tests' grantCredits does), and
 * signed in with supabase-js (anon key + password, as the browser). Then every user starts
 * LOAD_JOBS jobs (default 3) at once, user i's job j being [refine, lightbox, competitor_ad][(i+j)%3]
 * (LOAD_STUDIOS=refine or another comma list: only those, rotated the same way), each the way
 * src/domains/jobs/run-job.ts runs it:
 *   upload     a signed upload URL, then storage-js's multipart PUT of the original into raw-uploads
 *   reserve    start_job (the signed image_url and the access token fetched meanwhile)
 *   subscribe  the job row's realtime channel joined (or its 3 s wait over, as the SPA)
 *   request    POST /webhooks/<studio> with the studio's form (image_source=storage, no file) until
 *              the worker replies; then the job row read (a JSON reply), or cancel_job (a refusal)
 * Inputs: a 2000×1500 JPEG (3 MP, worker/test/fixtures.ts naturalScene; four seeds) for refine
 * (the five presets but AI Upscaling, in turn) and lightbox (Amazon main image, as the studio's
 * defaults); a 1080×1080 or 1080×1350 PNG ad of the ad reader's corpus (four of them) for the
 * analyzer. A job's time is from its start (before the upload) to the webhook's reply.
 *
 * Then, read as superuser:
 *   allEnded               every job row completed or failed (none queued/processing), and each
 *                          row agrees with what the worker replied (200 ↔ completed)
 *   creditsMatchLedger     per user: balance = balance after the grant − job debits + job refunds
 *                          (credit_ledger), = the ledger's whole sum; per job one debit of its
 *                          price, one refund of it if it failed, none if it completed — but one
 *                          if its result was delivered free (a doubtful cut-out: the content row's
 *                          charge 'waived', 0 credits used; `waived` in the output counts them)
 *   oneLibraryRowPerResult per completed job exactly one content_generations row of its studio's
 *                          type (ad analyses are 'ad_analysis'), none for a failed one; and the
 *                          user's library (list_content, as the user) lists each refine and
 *                          lightbox result once and no analysis
 * LOAD_DETAIL=1 adds every job's phases and the worker's Server-Timing phases (job_detail).
 * Throughput: completed jobs ÷ (last reply − first start); refine alone: refine completions ÷
 * (last refine reply − first start).
 */

const USERS = positiveInt('LOAD_USERS', 32);
const JOBS_PER_USER = positiveInt('LOAD_JOBS', 3);
const GRANT = positiveInt('LOAD_GRANT', 100);
/** A safety net only: a reply later than this is recorded as a client timeout (the job is still checked). */
const CLIENT_TIMEOUT_MS = 20 * 60_000;
/** How long run-job.ts waits for the realtime channel before sending anyway. */
const SUBSCRIBE_WAIT_MS = 3000;

type Studio = 'refine' | 'lightbox' | 'competitor_ad';
const STUDIOS: Studio[] = ['refine', 'lightbox', 'competitor_ad'];
/** LOAD_STUDIOS=refine (a comma list) runs only those studios, rotated the same way. */
const MIX: Studio[] = (process.env.LOAD_STUDIOS ?? STUDIOS.join(',')).split(',').map((name) => {
  const studio = name.trim() as Studio;
  if (!STUDIOS.includes(studio)) throw new Error(`LOAD_STUDIOS: ${name} is not one of ${STUDIOS.join(', ')}`);
  return studio;
});
const STUDIO_KEY: Record<Studio, StudioKey> = { refine: 'refine_image', lightbox: 'lightbox', competitor_ad: 'competitor_ad' };
const REFINE_MIX = REFINE_PRESETS.filter((p) => p.value !== 'upscale');

function positiveInt(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

/** A process's peak resident memory (VmHWM, Linux), in MB; null where /proc cannot say. */
function peakResidentMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

const log = (message: string) => process.stderr.write(`[bench:load] ${message}\n`);
const seconds = (ms: number) => Number((ms / 1000).toFixed(2));

/** Nearest-rank percentile of a sorted copy. */
function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

interface BenchUser {
  index: number;
  id: string;
  email: string;
  password: string;
  client: SupabaseClient;
}

interface Input {
  bytes: Buffer;
  mime: string;
  ext: string;
  name: string;
}

interface JobRecord {
  user: number;
  userId: string;
  studio: Studio;
  jobId: string | null;
  cost: number | null;
  started: number;
  replied: number | null;
  httpStatus: number | null;
  /** The worker's error code, or where the run broke before the worker (upload, start_job, …). */
  error: string | null;
  /** The job row as the SPA reads it after a JSON reply. */
  rowAfterReply: string | null;
  phases: Record<string, number>;
  serverTiming: Record<string, number>;
}

// -------------------------------------------------------------------------------------------
// The run of one job, as src/domains/jobs/run-job.ts makes it.

interface Recipe {
  options: Record<string, string>;
  fields: (job: { job_id: string; cost: number }) => Record<string, string>;
}

function recipe(studio: Studio, user: BenchUser, slot: number, input: Input): Recipe {
  if (studio === 'refine') {
    // src/features/refine/hooks/use-refine-run.ts refineRequest(), a preset chosen.
    const preset = REFINE_MIX[(user.index + slot) % REFINE_MIX.length]!;
    return {
      options: { preset: preset.value, title: preset.label, label: preset.label, description: preset.description, custom_text: '' },
      fields: (job) => ({ enhancement_type: preset.value, label: preset.label, description: preset.description, credits: String(job.cost), custom_text: '' }),
    };
  }
  if (studio === 'lightbox') {
    // src/features/lightbox/hooks/use-lightbox-run.ts lightboxRequest(), the studio's defaults and a name.
    const options: LightboxOptions = { ...LIGHTBOX_DEFAULTS, product_name: `Bench product ${user.index + 1}-${slot + 1}` };
    return {
      options: { preset: 'default', title: options.product_name, ...options },
      fields: () => ({ product_name: options.product_name, background_description: options.background_description }),
    };
  }
  // src/features/ads/hooks/use-ad-run.ts: an uploaded ad, titled by its file name.
  const title = input.name.replace(/\.[^.]+$/, '');
  return { options: { preset: 'default', title, file_name: input.name }, fields: () => ({ product_name: title }) };
}

/** POST a multipart form with no client-side time limit (a browser's fetch has none either). */
function postForm(url: string, token: string, form: FormData): Promise<{ status: number; body: string; serverTiming: string }> {
  return new Promise((resolve, reject) => {
    const encoded = new Request(url, { method: 'POST', body: form });
    void encoded.arrayBuffer().then((buffer) => {
      const body = Buffer.from(buffer);
      const req = http.request(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': encoded.headers.get('content-type')!, 'Content-Length': body.length },
      });
      const timer = setTimeout(() => req.destroy(new Error('client_timeout')), CLIENT_TIMEOUT_MS);
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), serverTiming: String(res.headers['server-timing'] ?? '') });
        });
        res.on('error', reject);
      });
      req.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      req.end(body);
    }, reject);
  });
}

async function runJob(workerUrl: string, user: BenchUser, studio: Studio, slot: number, input: Input, t0: number): Promise<JobRecord> {
  const key = STUDIO_KEY[studio];
  const rec: JobRecord = {
    user: user.index, userId: user.id, studio, jobId: null, cost: null, started: performance.now() - t0, replied: null,
    httpStatus: null, error: null, rowAfterReply: null, phases: {}, serverTiming: {},
  };
  const mark = (() => {
    let last = performance.now();
    return (phase: string) => {
      const now = performance.now();
      rec.phases[phase] = now - last;
      last = now;
    };
  })();
  const { client } = user;
  const raw = client.storage.from(RAW_UPLOADS_BUCKET);
  let stage = 'upload';
  let unsubscribe: (() => void) | undefined;
  try {
    const sourcePath = originalPath(user.id, key, input.ext, randomUUID(), Date.now());
    const { data: signed, error: signError } = await raw.createSignedUploadUrl(sourcePath);
    if (signError) throw new Error(signError.message);
    const file = new File([new Uint8Array(input.bytes)], sourcePath.split('/').pop()!, { type: input.mime });
    const { error: uploadError } = await raw.uploadToSignedUrl(sourcePath, signed.token, file, { contentType: input.mime });
    if (uploadError) throw new Error(uploadError.message);
    mark('upload');

    stage = 'start_job';
    const signing = Promise.all([client.auth.getSession(), raw.createSignedUrl(sourcePath, SIGNED_URL_SECONDS)]);
    signing.catch(() => undefined);
    const { options, fields } = recipe(studio, user, slot, input);
    const { data: job, error: startError } = await client.rpc('start_job', { studio: key, options: { ...options, source_path: sourcePath } });
    if (startError) throw new Error(`${startError.message} (${startError.details ?? ''})`);
    const started = job as { job_id: string; cost: number; balance: number };
    rec.jobId = started.job_id;
    rec.cost = started.cost;
    mark('reserve');

    stage = 'subscribe';
    let settle: () => void = () => {};
    const ready = new Promise<void>((resolve) => (settle = resolve));
    const channel = client
      .channel(`job:${started.job_id}`)
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: STUDIO_JOB_TABLE[key], filter: `id=eq.${started.job_id}` }, () => undefined)
      .subscribe((state) => {
        if (state === 'SUBSCRIBED' || state === 'CHANNEL_ERROR' || state === 'TIMED_OUT' || state === 'CLOSED') settle();
      });
    unsubscribe = () => void client.removeChannel(channel);
    await Promise.race([ready, new Promise((resolve) => setTimeout(resolve, SUBSCRIBE_WAIT_MS))]);
    mark('subscribe');

    stage = 'sign';
    const [{ data: session }, { data: image, error: imageError }] = await signing;
    if (!session.session) throw new Error('no session');
    if (imageError) throw new Error(imageError.message);
    mark('sign');

    stage = 'request';
    const form = new FormData();
    const metadata = { source_path: sourcePath, file_name: file.name, file_size: input.bytes.length, mime_type: input.mime, ...options };
    const formFields = {
      job_id: started.job_id, user_id: user.id, user_email: user.email, form_type: key, image_url: image.signedUrl,
      image_source: 'storage', metadata: JSON.stringify(metadata), submitted_at: new Date().toISOString(), ...fields(started),
    };
    for (const [name, value] of Object.entries(formFields)) form.append(name, value);
    const reply = await postForm(`${workerUrl}/webhooks/${studio}`, session.session.access_token, form);
    rec.replied = performance.now() - t0;
    mark('request');
    rec.httpStatus = reply.status;
    rec.serverTiming = parseServerTiming(reply.serverTiming);
    if (reply.status === 200) {
      stage = 'job_row';
      const { data: row, error } = await client.from(STUDIO_JOB_TABLE[key]).select('id, status, err').eq('id', started.job_id).single();
      if (error) throw new Error(error.message);
      rec.rowAfterReply = (row as { status: string }).status;
      mark('row');
    } else {
      let code = `http_${reply.status}`;
      try {
        const parsed = JSON.parse(reply.body) as { error?: { code?: string; message?: string } };
        code = `${parsed.error?.code ?? code}: ${parsed.error?.message ?? ''}`;
      } catch {
        // not JSON: keep the status
      }
      rec.error = code;
      // As run-job.ts: a refusal before the worker took the job is cancelled (refunded) at once.
      await client.rpc('cancel_job', { job_id: started.job_id });
    }
  } catch (err) {
    if (rec.replied === null && stage === 'request') rec.replied = performance.now() - t0;
    rec.error = `${stage}: ${(err as Error).message}`;
    if (rec.jobId) await client.rpc('cancel_job', { job_id: rec.jobId });
  } finally {
    unsubscribe?.();
  }
  return rec;
}

// -------------------------------------------------------------------------------------------

async function makeInputs(): Promise<Record<Studio, Input[]>> {
  const photos = await Promise.all([11, 22, 33, 44].map(async (seed, i) => ({ bytes: await toJpeg(naturalScene(2000, 1500, seed), 90), mime: 'image/jpeg', ext: 'jpg', name: `photo-${i + 1}.jpg` })));
  const adSpecs = ['green-shop-now', 'white-blue', 'pink-pill', 'photo-blue'].map((id) => AD_SPECS.find((s) => s.id === id)!);
  const ads = await Promise.all(adSpecs.map(async (spec) => ({ bytes: (await renderCorpusAd(spec)).png, mime: 'image/png', ext: 'png', name: `${spec.id}.png` })));
  return { refine: photos, lightbox: photos, competitor_ad: ads };
}

const repo = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'load-bench-'));
chmodSync(dataDir, 0o755);
let child: ChildProcess | undefined;
let devstack: Awaited<ReturnType<typeof startDevstack>> | undefined;
let su: pg.Client | undefined;
const users: BenchUser[] = [];
let exitCode = 0;
let cleaning = false;

async function cleanup() {
  if (cleaning) return;
  cleaning = true;
  for (const user of users) await user.client.removeAllChannels().catch(() => undefined);
  await su?.end().catch(() => undefined);
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  await devstack?.stop().catch((err: unknown) => log(`devstack stop: ${String(err)}`));
  rmSync(dataDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

try {
  const [apiPort, dbPort, inboxPort, workerPort, stripePort, platformsPort] = await freePorts(6);
  const stackStarted = performance.now();
  devstack = await startDevstack({ quiet: true, config: { dataDir, apiPort, dbPort, inboxPort, stripePort, platformsPort } });
  const { api_url, anon_key, service_role_key, db_url } = devstack.status;
  log(`devstack ready in ${Math.round(performance.now() - stackStarted)} ms at ${api_url}`);

  // The worker as its own process (node with tsx, so SIGTERM reaches it), its logs kept.
  const workerLog: string[] = [];
  child = spawn(process.execPath, ['--import', 'tsx', 'worker/src/index.ts'], {
    cwd: repo,
    env: { ...process.env, SUPABASE_URL: api_url, SUPABASE_SERVICE_ROLE_KEY: service_role_key, WORKER_PORT: String(workerPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => workerLog.push(...chunk.toString().split('\n').filter(Boolean));
  child.stderr!.on('data', keep);
  await new Promise<void>((resolve, reject) => {
    child!.stdout!.on('data', (chunk: Buffer) => {
      keep(chunk);
      if (chunk.toString().includes('ready at')) resolve();
    });
    child!.once('exit', (code) => reject(new Error(`worker exited (${code}):\n${workerLog.slice(-20).join('\n')}`)));
  });
  const workerUrl = `http://127.0.0.1:${workerPort}`;
  const models = await workerModelsSettled(workerUrl, 180_000);
  if (!models) throw new Error('the worker\'s models did not load within 180 s');
  log(`worker ready at ${workerUrl}, models ${JSON.stringify(models)}`);

  const inputs = await makeInputs();

  // Users: created confirmed (service role), credits through the ledger, signed in as a browser.
  su = new pg.Client({ connectionString: db_url });
  await su.connect();
  const clientOptions = { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket } };
  const service = createClient(api_url, service_role_key, clientOptions);
  const runTag = randomUUID().slice(0, 8);
  for (let i = 0; i < USERS; i++) {
    const email = `load-${runTag}-${i + 1}@example.com`;
    const password = `pw-${randomUUID()}`;
    const { data, error } = await service.auth.admin.createUser({ email, password, email_confirm: true });
    if (error) throw new Error(`createUser: ${error.message}`);
    await su.query(`select private.apply_credit_delta($1, $2, 'adjustment')`, [data.user.id, GRANT]);
    const client = createClient(api_url, anon_key, clientOptions);
    const { error: signInError } = await client.auth.signInWithPassword({ email, password });
    if (signInError) throw new Error(`sign in: ${signInError.message}`);
    users.push({ index: i, id: data.user.id, email, password, client });
  }
  const userIds = users.map((u) => u.id);
  const startBalances = new Map(
    (await su.query<{ user_id: string; credits: number }>('select user_id, credits from public.profiles where user_id = any($1)', [userIds])).rows.map((r) => [r.user_id, r.credits]),
  );
  const lastLedgerId = Number((await su.query<{ id: string | null }>('select max(id)::text as id from public.credit_ledger')).rows[0]!.id ?? 0);
  log(`${USERS} users signed in, ${GRANT} credits each (+ the 5 of sign-up); starting ${USERS * JOBS_PER_USER} jobs at once`);

  // Every user's jobs at once.
  const t0 = performance.now();
  const loadBefore = os.loadavg();
  const records = await Promise.all(
    users.flatMap((user) =>
      Array.from({ length: JOBS_PER_USER }, (_, slot) => {
        const studio = MIX[(user.index + slot) % MIX.length]!;
        const pool = inputs[studio];
        return runJob(workerUrl, user, studio, slot, pool[(user.index + slot) % pool.length]!, t0);
      }),
    ),
  );
  const wallMs = performance.now() - t0;
  const loadAfter = os.loadavg();
  const workerPeakMb = peakResidentMb(child?.pid);
  log(`all replies in after ${seconds(wallMs)} s; checking`);

  // ---- Checks, read as superuser (and the library as each user).
  const jobIds = records.map((r) => r.jobId).filter((id): id is string => id !== null);
  const rows = (
    await su.query<{ id: string; user_id: string; studio: string; status: string; err: string | null; credits_charged: number }>(
      `select id, user_id, studio, status, err, credits_charged from public.image_jobs where user_id = any($1)
       union all select id, user_id, studio, status, err, credits_charged from public.videos where user_id = any($1)`,
      [userIds],
    )
  ).rows;
  const rowById = new Map(rows.map((r) => [r.id, r]));

  const endedProblems: string[] = [];
  for (const row of rows) if (row.status !== 'completed' && row.status !== 'failed') endedProblems.push(`job ${row.id} (${row.studio}) is still ${row.status}`);
  for (const rec of records) {
    if (!rec.jobId) {
      endedProblems.push(`user ${rec.user + 1}'s ${rec.studio} job never got a job id (${rec.error})`);
      continue;
    }
    const row = rowById.get(rec.jobId);
    if (!row) endedProblems.push(`job ${rec.jobId} (${rec.studio}) has no row`);
    else if (rec.httpStatus === 200 && row.status !== 'completed') endedProblems.push(`job ${rec.jobId} (${rec.studio}): the worker replied 200 but the row is ${row.status}`);
    else if (rec.httpStatus !== 200 && row.status === 'completed') endedProblems.push(`job ${rec.jobId} (${rec.studio}): the worker replied ${rec.httpStatus ?? 'nothing'} (${rec.error}) but the row is completed`);
    if (rec.rowAfterReply && rec.rowAfterReply !== 'completed') endedProblems.push(`job ${rec.jobId} (${rec.studio}): the row read after the 200 reply was ${rec.rowAfterReply}`);
  }
  if (rows.length !== jobIds.length) endedProblems.push(`${rows.length} job rows for ${jobIds.length} jobs started`);

  const ledger = (
    await su.query<{ id: string; user_id: string; delta: number; reason: string; job_id: string | null }>(
      'select id::text, user_id, delta, reason, job_id from public.credit_ledger where user_id = any($1) order by id',
      [userIds],
    )
  ).rows;
  const balances = new Map(
    (await su.query<{ user_id: string; credits: number }>('select user_id, credits from public.profiles where user_id = any($1)', [userIds])).rows.map((r) => [r.user_id, r.credits]),
  );
  // A completed job whose result the worker doubted is delivered free: its price refunded once,
  // its content row says charge 'waived' with 0 credits used (complete_job's waive_charge).
  const waived = new Set(
    (
      await su.query<{ job_id: string }>(
        `select job_id from public.content_generations where user_id = any($1) and metadata ->> 'charge' = 'waived' and credits_used = 0`,
        [userIds],
      )
    ).rows.map((r) => r.job_id),
  );
  const creditProblems: string[] = [];
  for (const user of users) {
    const own = ledger.filter((l) => l.user_id === user.id);
    const after = own.filter((l) => Number(l.id) > lastLedgerId);
    const debits = after.filter((l) => l.reason === 'job_debit').reduce((s, l) => s + l.delta, 0);
    const refunds = after.filter((l) => l.reason === 'job_refund').reduce((s, l) => s + l.delta, 0);
    const other = after.filter((l) => l.reason !== 'job_debit' && l.reason !== 'job_refund');
    const start = startBalances.get(user.id)!;
    const balance = balances.get(user.id)!;
    const sum = own.reduce((s, l) => s + l.delta, 0);
    if (balance !== start + debits + refunds) creditProblems.push(`user ${user.index + 1}: balance ${balance} ≠ ${start} − ${-debits} debited + ${refunds} refunded = ${start + debits + refunds}`);
    if (balance !== sum) creditProblems.push(`user ${user.index + 1}: balance ${balance} ≠ the ledger's sum ${sum}`);
    if (other.length) creditProblems.push(`user ${user.index + 1}: ${other.length} ledger rows other than job debits/refunds during the run (${other.map((l) => l.reason).join(', ')})`);
  }
  for (const row of rows) {
    const own = ledger.filter((l) => l.job_id === row.id);
    const debits = own.filter((l) => l.reason === 'job_debit');
    const refunds = own.filter((l) => l.reason === 'job_refund');
    if (debits.length !== 1 || debits[0]!.delta !== -row.credits_charged) creditProblems.push(`job ${row.id} (${row.studio}): debits ${JSON.stringify(debits.map((d) => d.delta))}, charged ${row.credits_charged}`);
    if (row.status === 'failed' && (refunds.length !== 1 || refunds[0]!.delta !== row.credits_charged)) creditProblems.push(`job ${row.id} (${row.studio}) failed: refunds ${JSON.stringify(refunds.map((d) => d.delta))}, charged ${row.credits_charged}`);
    if (row.status === 'completed' && waived.has(row.id) && (refunds.length !== 1 || refunds[0]!.delta !== row.credits_charged)) creditProblems.push(`job ${row.id} (${row.studio}) completed free (a doubtful result): refunds ${JSON.stringify(refunds.map((d) => d.delta))}, charged ${row.credits_charged}`);
    if (row.status === 'completed' && !waived.has(row.id) && refunds.length) creditProblems.push(`job ${row.id} (${row.studio}) completed but was refunded ${JSON.stringify(refunds.map((d) => d.delta))}`);
  }
  for (const rec of records) {
    if (rec.jobId && rec.cost !== null && rowById.get(rec.jobId) && rowById.get(rec.jobId)!.credits_charged !== rec.cost) creditProblems.push(`job ${rec.jobId}: start_job said ${rec.cost}, the row charged ${rowById.get(rec.jobId)!.credits_charged}`);
  }

  const content = (
    await su.query<{ id: string; user_id: string; job_id: string | null; content_type: string; status: string }>(
      'select id, user_id, job_id, content_type, status from public.content_generations where user_id = any($1)',
      [userIds],
    )
  ).rows;
  const libraryProblems: string[] = [];
  const contentByJob = new Map<string, typeof content>();
  for (const c of content) {
    if (!c.job_id) {
      libraryProblems.push(`content ${c.id} (${c.content_type}) of user ${users.find((u) => u.id === c.user_id)!.index + 1} has no job`);
      continue;
    }
    contentByJob.set(c.job_id, [...(contentByJob.get(c.job_id) ?? []), c]);
  }
  for (const row of rows) {
    const own = contentByJob.get(row.id) ?? [];
    const expected = STUDIO_CONTENT_TYPE[row.studio as StudioKey];
    if (row.status === 'completed' && (own.length !== 1 || own[0]!.content_type !== expected || own[0]!.status !== 'completed')) {
      libraryProblems.push(`job ${row.id} (${row.studio}) completed with ${own.length} content rows ${JSON.stringify(own.map((c) => `${c.content_type}/${c.status}`))}, expected one ${expected}`);
    }
    if (row.status === 'failed' && own.length) libraryProblems.push(`job ${row.id} (${row.studio}) failed but has ${own.length} content rows`);
  }
  for (const jobId of contentByJob.keys()) if (!rowById.has(jobId)) libraryProblems.push(`content for unknown job ${jobId}`);
  // The library as the user sees it: list_content lists each refine/lightbox result once, no analysis.
  await Promise.all(
    users.map(async (user) => {
      const { data, error } = await user.client.rpc('list_content', { page_size: 200 });
      if (error) {
        libraryProblems.push(`user ${user.index + 1}: list_content failed: ${error.message}`);
        return;
      }
      const listed = ((data as { items: { id: string; content_type: string }[] }).items ?? []).map((i) => i.id);
      const expected = content.filter((c) => c.user_id === user.id && c.content_type !== 'ad_analysis' && rowById.get(c.job_id ?? '')?.status === 'completed').map((c) => c.id);
      const analyses = new Set(content.filter((c) => c.content_type === 'ad_analysis').map((c) => c.id));
      const counts = new Map<string, number>();
      for (const id of listed) counts.set(id, (counts.get(id) ?? 0) + 1);
      for (const id of expected) if (counts.get(id) !== 1) libraryProblems.push(`user ${user.index + 1}: result ${id} listed ${counts.get(id) ?? 0} times in the library`);
      for (const id of listed) {
        if (analyses.has(id)) libraryProblems.push(`user ${user.index + 1}: the ad analysis ${id} is listed in the library`);
        else if (!expected.includes(id)) libraryProblems.push(`user ${user.index + 1}: the library lists ${id}, no result of this run`);
      }
    }),
  );

  // ---- Figures.
  const ended = (r: JobRecord) => (r.jobId ? (rowById.get(r.jobId)?.status ?? 'missing') : 'not_started');
  const perStudio = Object.fromEntries(
    MIX.map((studio) => {
      const own = records.filter((r) => r.studio === studio);
      const times = own.filter((r) => r.replied !== null).map((r) => (r.replied! - r.started) / 1000);
      const phaseMedian = (name: string) => Math.round(percentile(own.map((r) => r.phases[name] ?? r.serverTiming[name]).filter((v) => v !== undefined), 50));
      return [
        studio,
        {
          count: own.length,
          completed: own.filter((r) => ended(r) === 'completed').length,
          failed: own.filter((r) => ended(r) === 'failed').length,
          other: own.filter((r) => !['completed', 'failed'].includes(ended(r))).length,
          p50_s: seconds(percentile(times, 50) * 1000),
          p95_s: seconds(percentile(times, 95) * 1000),
          max_s: seconds(Math.max(...times) * 1000),
          median_ms: { upload: phaseMedian('upload'), reserve: phaseMedian('reserve'), subscribe: phaseMedian('subscribe'), request: phaseMedian('request'), worker_queue_wait: phaseMedian('wait'), model_wait: phaseMedian('model-wait') },
        },
      ];
    }),
  );
  const allTimes = records.filter((r) => r.replied !== null).map((r) => (r.replied! - r.started) / 1000);
  const completed = records.filter((r) => ended(r) === 'completed');
  const lastReply = Math.max(...records.map((r) => r.replied ?? 0));
  const refineDone = completed.filter((r) => r.studio === 'refine');
  const lastRefine = Math.max(0, ...records.filter((r) => r.studio === 'refine').map((r) => r.replied ?? 0));
  const failures = records.filter((r) => ended(r) !== 'completed').map((r) => ({ user: r.user + 1, studio: r.studio, job_id: r.jobId, status: ended(r), http: r.httpStatus, error: r.error }));
  // The worker's own word on what went wrong: webhook requests it refused or failed, and errors it logged.
  const workerErrors = workerLog.filter((l) => (l.includes('POST /webhooks/') ? !/ 200 /.test(l) : /error|failed/i.test(l)));

  const checks = {
    allEnded: endedProblems.length === 0,
    creditsMatchLedger: creditProblems.length === 0,
    oneLibraryRowPerResult: libraryProblems.length === 0,
  };
  if (!Object.values(checks).every(Boolean)) exitCode = 1;

  console.log(
    JSON.stringify(
      {
        what: 'every user starts its jobs at once through the browser\'s path (upload, start_job, realtime join, webhook POST); time = job start → webhook reply',
        users: USERS,
        jobs: records.length,
        jobs_per_user: JOBS_PER_USER,
        mix: `user i, job j: [${MIX.join(', ')}][(i + j) % ${MIX.length}]`,
        inputs: { refine: '2000×1500 JPEG (3 MP), five presets in turn (not upscale)', lightbox: '2000×1500 JPEG (3 MP), Amazon main image', competitor_ad: '1080×1080 / 1080×1350 PNG ads of the reader\'s corpus' },
        studios: perStudio,
        overall: {
          completed: completed.length,
          failed: records.filter((r) => ended(r) === 'failed').length,
          p50_s: seconds(percentile(allTimes, 50) * 1000),
          p95_s: seconds(percentile(allTimes, 95) * 1000),
          max_s: seconds(Math.max(...allTimes) * 1000),
          wall_s: seconds(wallMs),
          jobs_per_minute: Number((completed.length / (lastReply / 60_000)).toFixed(1)),
          refine_jobs_per_minute: Number((refineDone.length / (lastRefine / 60_000)).toFixed(1)),
          waived: waived.size,
        },
        checks: { ...checks, discrepancies: { allEnded: endedProblems, creditsMatchLedger: creditProblems, oneLibraryRowPerResult: libraryProblems } },
        failures,
        ...(process.env.LOAD_DETAIL
          ? {
              job_detail: records.map((r) => ({
                user: r.user + 1, studio: r.studio, status: ended(r), start_ms: Math.round(r.started), reply_ms: r.replied === null ? null : Math.round(r.replied),
                phases_ms: Object.fromEntries(Object.entries(r.phases).map(([k, v]) => [k, Math.round(v)])),
                worker_ms: Object.fromEntries(Object.entries(r.serverTiming).map(([k, v]) => [k, Math.round(v)])),
              })),
            }
          : {}),
        worker_log_problems: workerErrors.slice(0, 20),
        worker: { concurrency: Number(process.env.WORKER_CONCURRENCY ?? os.cpus().length), models, peak_resident_mb: workerPeakMb },
        load_average: { before: loadBefore.map((l) => Number(l.toFixed(2))), after: loadAfter.map((l) => Number(l.toFixed(2))) },
        machine: { cpus: os.cpus().length, node: process.version },
      },
      null,
      2,
    ),
  );
} catch (error) {
  exitCode = 1;
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
} finally {
  await cleanup();
}
process.exit(exitCode);
