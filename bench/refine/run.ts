import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import sharp from 'sharp';
import WebSocket from 'ws';
import { startDevstack } from '@shotcraft/devstack/src/index.ts';
import { freePorts } from '../../tests/helpers/ports.js';
import { refineFile, REFINE_PRESETS } from '@shotcraft/worker/src/studios/refine/refine.ts';
import { naturalScene, toJpeg } from '@shotcraft/worker/test/fixtures.ts';

/**
 * `npx tsx bench/refine/run.ts` prints JSON per Refine Image preset for a 12-megapixel photo
 * (4000×3000, generated): the worker's own processing time (decode + process, from its
 * Server-Timing header), the end-to-end time from POST to JSON reply (devstack + worker child
 * process on free ports: auth, upload, claim, pipeline, storage, complete_job, signed URL), and
 * the same pipeline run in-process as the floor. Medians of BENCH_RUNS (default 3) after a warm-up.
 * Targets on a 2-core machine: e2e ≤ 1.3 × floor, and ≤ 3 s for every preset but upscale.
 * `browser_bytes_per_run` counts the request body bytes the browser sends per run, measured on a
 * loopback proxy in front of the API and the worker while one real run goes through it (sign the
 * upload URL, upload the original, start_job, sign image_url, POST the webhook form): before the
 * studio kit (the photo in the form again) and now (image_source=storage: the worker reads it).
 */
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const repo = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'refine-bench-'));
chmodSync(dataDir, 0o755);
const [apiPort, dbPort, inboxPort, workerPort, stripePort, platformsPort] = await freePorts(6);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (ms: number) => Math.round(ms);

sharp.concurrency(os.cpus().length);
sharp.cache(false);

const photo = await toJpeg(naturalScene(4000, 3000, 42), 90);
const photoPath = path.join(dataDir, 'photo-12mp.jpg');
writeFileSync(photoPath, photo);
const instruction = 'make it more vibrant, add vintage effect, improve lighting';

/**
 * A loopback proxy that sends /webhooks/* to the worker and everything else to the API, counting
 * the request body bytes it receives: what the browser puts on the wire, not what we think it sends.
 */
async function countingProxy(api: string, worker: string) {
  let sent = 0;
  const server = http.createServer((req, res) => {
    const target = new URL(req.url!, req.url!.startsWith('/webhooks/') ? worker : api);
    const upstream = http.request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (reply) => {
      res.writeHead(reply.statusCode!, reply.headers);
      reply.pipe(res);
    });
    upstream.on('error', (err) => res.destroy(err));
    req.on('data', (chunk: Buffer) => (sent += chunk.length));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** The bytes counted since the last call. */
    take() {
      const counted = sent;
      sent = 0;
      return counted;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

const devstack = await startDevstack({ quiet: true, config: { dataDir, apiPort, dbPort, inboxPort, stripePort, platformsPort } });
let child: ChildProcess | undefined;
try {
  const { api_url, anon_key, service_role_key, db_url } = devstack.status;
  child = spawn(path.join(repo, 'node_modules/.bin/tsx'), ['worker/src/index.ts'], {
    cwd: repo,
    env: { ...process.env, SUPABASE_URL: api_url, SUPABASE_SERVICE_ROLE_KEY: service_role_key, WORKER_PORT: String(workerPort) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child!.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready at') && resolve());
    child!.once('exit', (code) => reject(new Error(`worker exited (${code})`)));
  });
  const workerUrl = `http://127.0.0.1:${workerPort}`;

  const options = { auth: { persistSession: false }, realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket } };
  const service = createClient(api_url, service_role_key, options);
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  const password = `pw-${randomUUID()}`;
  const { data: created } = await service.auth.admin.createUser({ email, password, email_confirm: true });
  const userId = created.user!.id;
  const su = new pg.Client({ connectionString: db_url });
  await su.connect();
  await su.query(`select private.apply_credit_delta($1, 1000, 'adjustment')`, [userId]);
  await su.end();
  const user = createClient(api_url, anon_key, options);
  const { data: session } = await user.auth.signInWithPassword({ email, password });
  const token = session.session!.access_token;

  /** One job as the studio runs it; only POST → JSON is timed. */
  async function endToEnd(preset: string) {
    const sourcePath = `${userId}/refine_image/${randomUUID()}_${Date.now()}.jpg`;
    await user.storage.from('raw-uploads').upload(sourcePath, photo, { contentType: 'image/jpeg' });
    const options = { preset, title: preset, source_path: sourcePath, ...(preset === 'custom' ? { custom_text: instruction } : {}) };
    const { data: job, error } = await user.rpc('start_job', { studio: 'refine_image', options });
    if (error) throw new Error(error.message);
    // As the studio sends it: the photo is already in storage, so the form carries no copy.
    const form = studioForm(job.job_id, preset, sourcePath, false);
    const started = performance.now();
    const res = await fetch(`${workerUrl}/webhooks/refine`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    const body = (await res.json()) as { width: number; height: number; bytes: number; error?: unknown };
    const e2e = performance.now() - started;
    if (!res.ok) throw new Error(`${preset}: ${res.status} ${JSON.stringify(body)}`);
    const phases = Object.fromEntries(
      (res.headers.get('server-timing') ?? '').split(', ').map((p) => {
        const [name, dur] = p.split(';dur=');
        return [name, Number(dur)];
      }),
    ) as Record<string, number>;
    return { e2e, phases, body };
  }

  /** docs/spec.md §7's refine form as the studio builds it; `withFile` is how it was sent before the studio kit. */
  function studioForm(jobId: string, preset: string, sourcePath: string, withFile: boolean, imageUrl = `${api_url}/storage/v1/object/sign/raw-uploads/${sourcePath}?token=${'x'.repeat(180)}`): FormData {
    const form = new FormData();
    const fields = {
      job_id: jobId, user_id: userId, user_email: email, form_type: 'refine_image', image_url: imageUrl,
      image_source: withFile ? 'file' : 'storage', metadata: JSON.stringify({ source_path: sourcePath, file_name: 'photo.jpg', file_size: photo.length, mime_type: 'image/jpeg', preset, title: preset }),
      submitted_at: new Date().toISOString(), enhancement_type: preset, label: preset, description: '', credits: '2', custom_text: '',
    };
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    if (withFile) form.set('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
    return form;
  }

  /** One run as the browser makes it (src/domains/jobs/run-job.ts), through the counting proxy. */
  async function browserBytes() {
    const proxy = await countingProxy(api_url, workerUrl);
    try {
      const browser = createClient(proxy.url, anon_key, options);
      const { data: signedIn } = await browser.auth.signInWithPassword({ email, password });
      const bearer = { Authorization: `Bearer ${signedIn.session!.access_token}` };
      const raw = browser.storage.from('raw-uploads');
      async function run(withFile: boolean) {
        proxy.take();
        const sourcePath = `${userId}/refine_image/${randomUUID()}_${Date.now()}.jpg`;
        const { data: signed } = await raw.createSignedUploadUrl(sourcePath);
        // What upload-original.ts PUTs: storage-js's multipart body, cacheControl then the file.
        const upload = new FormData();
        upload.append('cacheControl', '3600');
        upload.append('', new File([new Uint8Array(photo)], 'photo.jpg', { type: 'image/jpeg' }));
        const put = await fetch(signed!.signedUrl, { method: 'PUT', headers: { 'x-upsert': 'false', apikey: anon_key }, body: upload });
        if (!put.ok) throw new Error(`upload: ${put.status} ${await put.text()}`);
        const { data: job, error } = await browser.rpc('start_job', { studio: 'refine_image', options: { preset: 'general', title: 'general', source_path: sourcePath } });
        if (error) throw new Error(error.message);
        const { data: image } = await raw.createSignedUrl(sourcePath, 3600);
        const form = studioForm(job.job_id, 'general', sourcePath, withFile, image!.signedUrl);
        const res = await fetch(`${proxy.url}/webhooks/refine`, { method: 'POST', headers: bearer, body: form });
        if (!res.ok) throw new Error(`webhook: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
        return proxy.take();
      }
      const before = await run(true);
      const after = await run(false);
      return { photo_bytes: photo.length, before, after, saved_ratio: Number((1 - after / before).toFixed(3)) };
    } finally {
      await proxy.close();
    }
  }

  async function floor(preset: string) {
    const started = performance.now();
    await refineFile(photoPath, photo.length, preset, { maxPixels: 40_000_000 }, preset === 'custom' ? instruction : undefined);
    return performance.now() - started;
  }

  const results = [];
  for (const preset of REFINE_PRESETS) {
    await endToEnd(preset); // warm-up
    const floors: number[] = [];
    const ends: Awaited<ReturnType<typeof endToEnd>>[] = [];
    for (let i = 0; i < runs; i++) {
      floors.push(await floor(preset));
      ends.push(await endToEnd(preset));
    }
    const e2eMs = median(ends.map((e) => e.e2e));
    const floorMs = median(floors);
    const phaseNames = Object.keys(ends[0].phases);
    results.push({
      preset,
      output: `${ends[0].body.width}×${ends[0].body.height}, ${(ends[0].body.bytes / 1048576).toFixed(2)} MB`,
      worker_processing_ms: round(median(ends.map((e) => (e.phases.source ?? 0) + (e.phases.process ?? 0)))),
      e2e_ms: round(e2eMs),
      floor_ms: round(floorMs),
      e2e_over_floor: Number((e2eMs / floorMs).toFixed(2)),
      phases_ms: Object.fromEntries(phaseNames.map((n) => [n, round(median(ends.map((e) => e.phases[n] ?? 0)))])),
      meets_ratio_target: e2eMs <= 1.3 * floorMs,
      meets_3s_target: preset === 'upscale' ? null : e2eMs <= 3000,
    });
  }
  console.log(JSON.stringify({
    photo: { width: 4000, height: 3000, megapixels: 12, jpeg_mb: Number((photo.length / 1048576).toFixed(2)) },
    runs,
    browser_bytes_per_run: await browserBytes(),
    load_average: os.loadavg().map((l) => Number(l.toFixed(2))),
    machine: { cpus: os.cpus().length, node: process.version },
    presets: results,
  }, null, 2));
} finally {
  child?.kill('SIGTERM');
  await devstack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
