import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, devices, type Page, type Response } from '@playwright/test';
import sharp from 'sharp';
import { makeTestAd } from '@shotcraft/worker/src/studios/competitor-ad/test-ads.ts';
import { turntableSvg } from '@shotcraft/worker/src/studios/spin360/test-frames.ts';
import { naturalScene, toJpeg } from '@shotcraft/worker/test/fixtures.ts';
import { parseServerTiming } from '../lib/server-timing.ts';

/**
 * `npx tsx bench/e2e/run.ts` prints JSON: the wait a user feels in each studio, from the click on
 * the run button until the result is on screen (the element its e2e spec waits for), and where
 * that time went.
 *
 * The stack is the e2e suite's (scripts/e2e-server.ts: a fresh devstack, the media worker with its
 * models loaded, the app built against them and served by `vite preview`) on ports of its own
 * (E2E_PORT_BASE / E2E_PREVIEW_PORT, else the first free set from 26420 / 4390; when both are set
 * and the app already answers there, that stack is reused and nothing is cold). Debian's Chromium
 * (as playwright.config.ts) signs a new user in through /login and, per studio, chooses the file(s)
 * and presses the run button, as a user would:
 *   Refine    a 12 MP JPEG (4000×3000, worker/test/fixtures.ts), General Enhancement
 *   Lightbox  the same 12 MP JPEG → Amazon main image
 *   360°      24 photos of one turn, 1440×960 (1.4 MP, ~140 KB each with a camera's grain)
 *   UGC       3 product photos, scripts written, the hook nearest 15 s (rendered at the e2e
 *             worker's render scale, e2e/env.ts), Render Video
 *   Ads       a 1080×1080 PNG ad (the competitor-ad test ad), Analyze Ad
 * COLD is a studio's first run after the stack started (models already loaded, as the e2e server
 * waits for them); WARM the median of the BENCH_RUNS (default 2) runs after it, on the same page.
 *
 * Where the time went, all on the page's clock:
 *   click      the click event → `shotcraft:run:start` (the button's handler, its checks)
 *   upload     start → uploaded (the original(s) into storage)
 *   reserve    uploaded → reserved (start_job answered)
 *   subscribe  reserved → subscribed (the job's realtime channel joined, or its 3 s wait over)
 *   sign       subscribed → sent (access token, signed image URL)
 *   request    sent → replied (the POST to the worker's webhook until its answer)
 *   result     replied → done (the job row checked, the result read)
 *   render     done → the result's element visible in a frame
 * The marks come from src/domains/jobs/run-job.ts; the click and the result's frame from listeners
 * the bench puts in the page before the click. `worker` is the webhook reply's Server-Timing header
 * (auth, receive, claim, source, wait, model-wait, model, process, store, complete as the studio
 * has them) and their total (wait, model-wait and model happen inside process: not added twice);
 * `request_overhead_ms` is the request stage less that total. `ratio` = total ÷ (worker total +
 * upload), 1 when the user waits only for the work and the upload.
 * No assertions: a run that fails is reported with its error (and the bench exits 1).
 * The stack is stopped and the temporary files removed on exit, failure or Ctrl-C.
 * BENCH_VERBOSE=1 echoes the stack's output to stderr; BENCH_SCREENSHOTS=<dir> keeps a screenshot
 * of a studio whose run failed. BENCH_STUDIOS=spin360,lightbox runs only those studios (keys as in
 * the output); BENCH_SPIN=12mp gives the 360° studio 36 photos of 12 MP (4000×3000, ~1.6 MB each:
 * the spin) instead of 24 of 1.4 MP — the browser shrinks each to 2400 px before its upload.
 */
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 2));
const chosenStudios = process.env.BENCH_STUDIOS?.split(',').map((key) => key.trim()).filter(Boolean);
const fullSpin = process.env.BENCH_SPIN === '12mp';
const repo = path.resolve(import.meta.dirname, '../..');
const log = (message: string) => process.stderr.write(`[bench:e2e] ${message}\n`);
const round = (ms: number) => Math.round(ms);
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return Number.isInteger(mid) ? (sorted[mid - 1]! + sorted[mid]!) / 2 : sorted[Math.floor(mid)]!;
};

// ---------------------------------------------------------------------------------------------
// Ports: e2e/env.ts reads them at import, so they are chosen before it is imported.

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
const stackPorts = (base: number, preview: number) => [base + 1, base + 2, base + 4, base + 7, base + 8, base + 10, preview];

const chosenByUser = process.env.E2E_PORT_BASE !== undefined && process.env.E2E_PREVIEW_PORT !== undefined;
if (!chosenByUser) {
  let found = false;
  for (let i = 0; i < 20 && !found; i++) {
    const base = 26420 + i * 20;
    const preview = 4390 + i;
    if (existsSync(path.join(repo, `.devstack-e2e-${preview}`))) continue;
    if ((await Promise.all(stackPorts(base, preview).map(portFree))).every(Boolean)) {
      process.env.E2E_PORT_BASE = String(base);
      process.env.E2E_PREVIEW_PORT = String(preview);
      found = true;
    }
  }
  if (!found) throw new Error('no free set of ports for the e2e stack: set E2E_PORT_BASE and E2E_PREVIEW_PORT');
}
const { e2eEnv } = await import('../../e2e/env.ts');
const { createConfirmedUser, settled, signInAs } = await import('../../e2e/support.ts');
const { grantCredits, uniqueEmail } = await import('../../e2e/refine-support.ts');

// ---------------------------------------------------------------------------------------------
// Cleanup: the stack, the browser and the temporary files go whatever happens.

const tmp = mkdtempSync(path.join(os.tmpdir(), 'e2e-bench-'));
let server: ChildProcess | undefined;
let serverReady = false;
let closeBrowser: (() => Promise<void>) | undefined;
const serverLog: string[] = [];

const exited = (child: ChildProcess, ms: number) =>
  new Promise<boolean>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

async function stopStack() {
  if (!server) return;
  const child = server;
  server = undefined;
  // scripts/e2e-server.ts stops the worker, the preview and the devstack on SIGTERM, but only once
  // its handlers are in (after the build): a stack still starting is let finish first.
  if (!serverReady) await Promise.race([waitForApp(300_000).catch(() => undefined), exited(child, 300_000)]);
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
  if (!(await exited(child, 30_000))) {
    log('the e2e server did not stop in 30 s: killing it and its postgres');
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
    const pidFile = path.join(e2eEnv.dataDir, 'postgres', 'postmaster.pid');
    const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : NaN;
    if (pid > 0) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
  rmSync(e2eEnv.dataDir, { recursive: true, force: true });
  rmSync(path.join(repo, e2eEnv.outDir), { recursive: true, force: true });
}

let cleaning: Promise<void> | undefined;
const cleanup = () =>
  (cleaning ??= (async () => {
    await closeBrowser?.().catch(() => undefined);
    await stopStack();
    rmSync(tmp, { recursive: true, force: true });
  })());
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    log(`${signal}: stopping the stack`);
    void cleanup().finally(() => process.exit(130));
  });
}

async function appAnswers() {
  return fetch(e2eEnv.baseURL).then((r) => r.ok, () => false);
}

async function waitForApp(timeout: number) {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if (await appAnswers()) return;
    if (server && server.exitCode !== null) throw new Error(`the e2e server exited (${server.exitCode}):\n${serverLog.slice(-40).join('\n')}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the app did not answer at ${e2eEnv.baseURL} in ${timeout / 1000} s`);
}

/** scripts/e2e-server.ts, as Playwright's webServer starts it, in its own process group. */
async function startStack(): Promise<number> {
  const started = performance.now();
  server = spawn(path.join(repo, 'node_modules/.bin/tsx'), ['scripts/e2e-server.ts'], {
    cwd: repo,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, E2E_PORT_BASE: process.env.E2E_PORT_BASE, E2E_PREVIEW_PORT: process.env.E2E_PREVIEW_PORT },
  });
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      serverLog.push(line);
      if (serverLog.length > 400) serverLog.shift();
      if (process.env.BENCH_VERBOSE) log(`stack: ${line}`);
    }
  };
  server.stdout!.on('data', keep);
  server.stderr!.on('data', keep);
  await waitForApp(420_000);
  serverReady = true;
  return performance.now() - started;
}

// ---------------------------------------------------------------------------------------------
// One run: the click, the marks, the worker's Server-Timing.

const STAGES = [
  ['click', 'click', 'start'],
  ['upload', 'start', 'uploaded'],
  ['reserve', 'uploaded', 'reserved'],
  ['subscribe', 'reserved', 'subscribed'],
  ['sign', 'subscribed', 'sent'],
  ['request', 'sent', 'replied'],
  ['result', 'replied', 'done'],
  ['render', 'done', 'shown'],
] as const;

interface RunTiming {
  total_ms: number;
  stages: Record<string, number>;
  worker: { total_ms: number; phases: Record<string, number> };
  /** The request stage less the worker's phases: the form's trip, CORS, the JSON back. */
  request_overhead_ms: number;
  subscribe_timed_out: boolean;
  ratio: number;
}

interface BenchWindow {
  __shotcraftBench: { click: number; shown: number };
}

/**
 * Listeners for one run, put in before the click: the run button's click event (its timeStamp),
 * and, each frame once the run's `done` mark exists, whether the result's text is visible: the
 * frame it first is counts as "on screen".
 */
function watchRun(args: { button: string; ready: string }) {
  const state = { click: 0, shown: 0 };
  (window as unknown as BenchWindow).__shotcraftBench = state;
  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element | null)?.closest?.('button');
    if (!state.click && button?.textContent?.includes(args.button)) state.click = event.timeStamp;
  };
  addEventListener('click', onClick, true);
  const xpath = `//*[text()[contains(., "${args.ready}")]]`;
  const tick = () => {
    if (state.click && performance.getEntriesByName('shotcraft:run:done').some((m) => m.startTime >= state.click)) {
      const el = document.evaluate(xpath, document.body, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue as Element | null;
      if (el?.checkVisibility()) {
        state.shown = performance.now();
        removeEventListener('click', onClick, true);
        return;
      }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/**
 * Server-Timing phases measured inside `process` (worker/src/jobs/run-studio-job.ts: the queue's
 * wait, the model queue's wait and the cut-out model run within the studio's work): shown, but
 * not added again into the worker's total.
 */
const NESTED_PHASES = new Set(['wait', 'model-wait', 'model']);

interface Studio {
  key: string;
  path: string;
  heading: string;
  button: string;
  ready: string;
  input: Record<string, unknown>;
  /** Chooses the file(s) and options, as a user would, up to the run button. */
  prepare: (page: Page, first: boolean) => Promise<void>;
}

async function timedRun(page: Page, studio: Studio, first: boolean): Promise<RunTiming> {
  await studio.prepare(page, first);
  await settled(page);
  let serverTiming: string | undefined;
  const onResponse = (response: Response) => {
    if (response.request().method() === 'POST' && new URL(response.url()).port === String(e2eEnv.workerPort) && response.url().includes('/webhooks/')) {
      void response.headerValue('server-timing').then((value) => (serverTiming = value ?? ''));
    }
  };
  page.on('response', onResponse);
  try {
    await page.evaluate(watchRun, { button: studio.button, ready: studio.ready });
    await page.getByRole('button', { name: studio.button, exact: true }).click();
    const failed = page.locator('[data-sonner-toast][data-type="error"]').first();
    const outcome = await Promise.race([
      page.getByText(studio.ready).first().waitFor({ state: 'visible', timeout: 300_000 }).then(() => 'ok' as const),
      failed.waitFor({ state: 'visible', timeout: 300_000 }).then(() => 'failed' as const),
    ]);
    if (outcome === 'failed') throw new Error(`the run failed: ${(await failed.innerText()).replace(/\s+/g, ' ')}`);
    await page.waitForFunction(() => (window as unknown as BenchWindow).__shotcraftBench.shown > 0, undefined, { timeout: 10_000 });
    for (let i = 0; i < 50 && serverTiming === undefined; i++) await new Promise((r) => setTimeout(r, 20));
  } finally {
    page.off('response', onResponse);
  }
  const { click, shown, marks } = await page.evaluate(() => ({
    ...(window as unknown as BenchWindow).__shotcraftBench,
    marks: performance
      .getEntriesByType('mark')
      .filter((m) => m.name.startsWith('shotcraft:run:'))
      .map((m) => ({ name: m.name.slice('shotcraft:run:'.length), at: m.startTime, detail: (m as PerformanceMark).detail as unknown })),
  }));
  const at: Record<string, number> = { click, shown };
  for (const mark of marks) at[mark.name] = mark.at;
  const stages = Object.fromEntries(STAGES.map(([name, from, to]) => [name, at[from] !== undefined && at[to] !== undefined ? round(at[to] - at[from]) : NaN]));
  const phases = parseServerTiming(serverTiming ?? '');
  const workerTotal = Object.entries(phases).reduce((sum, [name, ms]) => (NESTED_PHASES.has(name) ? sum : sum + ms), 0);
  const total = shown - click;
  const timedOut = marks.find((m) => m.name === 'subscribed')?.detail as { timedOut?: boolean } | undefined;
  return {
    total_ms: round(total),
    stages,
    worker: { total_ms: round(workerTotal), phases: Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, round(v)])) },
    request_overhead_ms: round((stages.request ?? NaN) - workerTotal),
    subscribe_timed_out: timedOut?.timedOut === true,
    ratio: Number((total / (workerTotal + (stages.upload ?? 0))).toFixed(2)),
  };
}

/** Medians, key by key, of the warm runs. */
function medianOf(timings: RunTiming[]) {
  const keys = (pick: (t: RunTiming) => Record<string, number>) => [...new Set(timings.flatMap((t) => Object.keys(pick(t))))];
  const med = (pick: (t: RunTiming) => Record<string, number>) => Object.fromEntries(keys(pick).map((k) => [k, round(median(timings.map((t) => pick(t)[k] ?? 0)))]));
  const total = median(timings.map((t) => t.total_ms));
  const worker = median(timings.map((t) => t.worker.total_ms));
  const stages = med((t) => t.stages);
  return {
    total_ms: round(total),
    runs_ms: timings.map((t) => t.total_ms),
    stages,
    worker: { total_ms: round(worker), phases: med((t) => t.worker.phases) },
    request_overhead_ms: round(median(timings.map((t) => t.request_overhead_ms))),
    subscribe_timed_out: timings.filter((t) => t.subscribe_timed_out).length,
    ratio: Number((total / (worker + (stages.upload ?? 0))).toFixed(2)),
  };
}

// ---------------------------------------------------------------------------------------------
// The inputs and the studios.

async function fixtures() {
  const photo12 = path.join(tmp, 'photo-12mp.jpg');
  writeFileSync(photo12, await toJpeg(naturalScene(4000, 3000, 42), 90));
  // One turn in 24 photos of 1.4 MP (or 36 of 12 MP), with a camera's grain so they weigh what photos do.
  const [count, width, height] = fullSpin ? [36, 4000, 3000] : [24, 1440, 960];
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } } }).png().toBuffer();
  const frames: string[] = [];
  // A few at a time: 36 photos of 12 MP at once would hold gigabytes.
  for (let i = 0; i < count; i += 4) {
    const batch = Array.from({ length: Math.min(4, count - i) }, (_, j) => i + j);
    frames.push(
      ...(await Promise.all(
        batch.map(async (k) => {
          const file = path.join(tmp, `${String(k).padStart(3, '0')}_turn.jpg`);
          await sharp(Buffer.from(turntableSvg(k, count, width, height, width * 0.12))).composite([{ input: grain, blend: 'soft-light' }]).jpeg({ quality: 85 }).toFile(file);
          return file;
        }),
      )),
    );
  }
  const ugcPhotos = await Promise.all(
    ['#c0392b', '#2980b9', '#27ae60'].map(async (colour, i) => {
      const file = path.join(tmp, `flask-${i + 1}.jpg`);
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="100%" height="100%" fill="#f1f1f1"/><rect x="300" y="150" width="200" height="500" rx="40" fill="${colour}"/></svg>`;
      await sharp(Buffer.from(svg)).jpeg().toFile(file);
      return file;
    }),
  );
  const ad = path.join(tmp, 'competitor-ad.png');
  writeFileSync(ad, (await makeTestAd('square')).png);
  return { photo12, frames, ugcPhotos, ad };
}

const mb = (file: string) => Number((readFileSync(file).length / 1048576).toFixed(2));

function studios(files: Awaited<ReturnType<typeof fixtures>>): Studio[] {
  const ugcInput: Record<string, unknown> = { photos: '3 × 800×800 JPEG', render_scale: e2eEnv.ugcRenderScale };
  return [
    {
      key: 'refine',
      path: '/dashboard/refine-image',
      heading: 'Refine Image Studio',
      button: 'Refine Image',
      ready: 'Your refined image is ready.',
      input: { photo: '4000×3000 JPEG (12 MP)', mb: mb(files.photo12), preset: 'General Enhancement' },
      prepare: async (page) => {
        await page.getByLabel('Choose an image to refine').setInputFiles(files.photo12);
        await page.getByRole('button', { name: 'Preview' }).waitFor();
        await page.getByRole('radio', { name: /^General Enhancement/ }).click();
      },
    },
    {
      key: 'lightbox',
      path: '/dashboard/lightbox',
      heading: 'Lightbox Studio',
      button: 'Create Lightbox Image',
      ready: 'Your lightbox image is ready.',
      input: { photo: '4000×3000 JPEG (12 MP)', mb: mb(files.photo12), output: 'Amazon main image' },
      prepare: async (page) => {
        await page.getByLabel('Choose a product photo').setInputFiles(files.photo12);
        await page.getByLabel('Product name').fill('Blue mug');
      },
    },
    {
      key: 'spin360',
      path: '/dashboard/360-video',
      heading: '360° Spin Studio',
      button: 'Create 360° Spin',
      ready: 'Your 360° spin is ready.',
      input: { photos: fullSpin ? `${files.frames.length} × 4000×3000 JPEG (12 MP, grained)` : `${files.frames.length} × 1440×960 JPEG (1.4 MP, grained)`, mb: Number(files.frames.reduce((sum, f) => sum + mb(f), 0).toFixed(2)) },
      prepare: async (page) => {
        await page.getByLabel('Choose the photos of one turn').setInputFiles(files.frames);
        await page.getByRole('list', { name: 'Frame strip' }).getByRole('listitem').nth(files.frames.length - 1).waitFor({ timeout: 120_000 });
        await page.getByLabel('Product name').fill('Red box');
      },
    },
    {
      key: 'ugc',
      path: '/dashboard/ugc-studio',
      heading: 'UGC Video Creator',
      button: 'Render Video',
      ready: 'Your video ad is ready.',
      input: ugcInput,
      prepare: async (page, first) => {
        if (!first) return; // the same product and script again: the photos are in storage
        await page.getByLabel('Choose product photos').setInputFiles(files.ugcPhotos);
        await page.getByRole('list', { name: 'Product photos' }).getByRole('listitem').nth(2).waitFor();
        await page.getByLabel('Product name').fill('Arctic Flask');
        await page.getByLabel('Benefit 1', { exact: true }).fill('keeps drinks cold for 24 hours');
        await page.getByRole('button', { name: 'Add a benefit' }).click();
        await page.getByLabel('Benefit 2', { exact: true }).fill('leak-proof lid');
        await page.getByLabel('Price or offer').fill('20% off this week');
        await page.getByRole('button', { name: 'Write my scripts' }).click();
        const hooks = page.getByRole('radio', { name: /about [\d.]+ s/ });
        await hooks.first().waitFor();
        // The hook whose spoken length is nearest 15 s.
        const names = (await hooks.allTextContents()).map((n) => n.replace(/\s*about ([\d.]+) s.*$/, ' (about $1 s)').trim());
        const lengths = names.map((n) => Number(/about ([\d.]+) s/.exec(n)?.[1] ?? NaN));
        const best = lengths.reduce((b, l, i) => (Math.abs(l - 15) < Math.abs((lengths[b] ?? Infinity) - 15) ? i : b), 0);
        await hooks.nth(best).click();
        ugcInput.hook = names[best];
        ugcInput.spoken_s = lengths[best];
      },
    },
    {
      key: 'competitor_ad',
      path: '/dashboard/competitor-ad-analyzer',
      heading: 'Competitor Ad Analyzer',
      button: 'Analyze Ad',
      ready: 'Your analysis is ready.',
      input: { ad: '1080×1080 PNG', mb: mb(files.ad) },
      prepare: async (page) => {
        await page.getByLabel('Choose the ad').setInputFiles(files.ad);
      },
    },
  ];
}

// ---------------------------------------------------------------------------------------------

let exitCode = 0;
try {
  const reuse = chosenByUser && (await appAnswers());
  const stackMs = reuse ? null : await startStack();
  log(reuse ? `reusing the stack at ${e2eEnv.baseURL}` : `stack ready in ${round(stackMs!)} ms at ${e2eEnv.baseURL}`);
  if (cleaning) throw new Error('interrupted');
  const files = await fixtures();

  const DEBIAN = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'];
  const executablePath = process.env.CHROMIUM_PATH ?? DEBIAN.find((file) => existsSync(file));
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  closeBrowser = () => browser.close();
  if (cleaning) throw new Error('interrupted');
  const context = await browser.newContext({ ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, baseURL: e2eEnv.baseURL });
  // tsx keeps function names with an `__name` helper that functions sent to the page then call.
  await context.addInitScript('globalThis.__name ??= (fn) => fn;');
  const page = await context.newPage();

  const user = await createConfirmedUser(uniqueEmail('bench-e2e'), 'Bench-pass-2026');
  await grantCredits(user.id, 2000);
  await signInAs(page, user.email, user.password);

  const results: Record<string, unknown> = {};
  for (const studio of studios(files).filter((s) => !chosenStudios || chosenStudios.includes(s.key))) {
    log(`${studio.key}: cold run`);
    const entry: Record<string, unknown> = { input: studio.input };
    try {
      await page.goto(studio.path);
      await page.getByRole('heading', { name: studio.heading, level: 1 }).waitFor();
      await settled(page);
      const cold = await timedRun(page, studio, true);
      const warm: RunTiming[] = [];
      for (let i = 0; i < runs; i++) {
        log(`${studio.key}: warm run ${i + 1}/${runs}`);
        warm.push(await timedRun(page, studio, false));
      }
      const warmMedian = medianOf(warm);
      Object.assign(entry, { cold, warm: warmMedian, ratio: { cold: cold.ratio, warm: warmMedian.ratio } });
    } catch (error) {
      exitCode = 1;
      entry.error = error instanceof Error ? error.message.split('\n')[0] : String(error);
      log(`${studio.key} failed: ${String(entry.error)}`);
      if (process.env.BENCH_SCREENSHOTS) await page.screenshot({ path: path.join(process.env.BENCH_SCREENSHOTS, `bench-e2e-${studio.key}.png`) }).catch(() => undefined);
    }
    results[studio.key] = entry;
  }

  console.log(
    JSON.stringify(
      {
        what: 'browser click on the run button → the result on screen (the element the e2e spec waits for); stages from the SPA\'s shotcraft:run:* marks, worker from its Server-Timing',
        stack: reuse ? 'reused (not cold)' : { ready_ms: round(stackMs!), preview: e2eEnv.baseURL, ugc_render_scale: e2eEnv.ugcRenderScale },
        browser: { executable: executablePath ?? "Playwright's", version: browser.version() },
        runs,
        stages: Object.fromEntries(STAGES.map(([name, from, to]) => [name, `${from} → ${to}`])),
        load_average: os.loadavg().map((l) => Number(l.toFixed(2))),
        machine: { cpus: os.cpus().length, node: process.version },
        studios: results,
      },
      null,
      2,
    ),
  );
} catch (error) {
  exitCode = 1;
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  if (serverLog.length) log(`the e2e server's last lines:\n${serverLog.slice(-30).join('\n')}`);
} finally {
  await cleanup();
}
process.exit(exitCode);
