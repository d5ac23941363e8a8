/**
 * `npx tsx bench/lighthouse/run.ts [url]` prints the Lighthouse (mobile preset) scores of `/` as
 * JSON: {performance, accessibility, best_practices, seo} (0–100), plus the key metrics.
 *
 * It builds nothing. Given a folder (default dist/) it serves that build on a free port like a
 * static host would (gzip, cached assets); build first against a running devstack
 * (`npm run build` with VITE_SUPABASE_URL/ANON_KEY set), e.g. the e2e stack's build:
 * `npx tsx bench/lighthouse/run.ts dist-e2e-4174`. Given an http(s) URL it measures that as is.
 * Targets: performance ≥ 95, accessibility 100, best practices ≥ 95, SEO ≥ 95.
 * LIGHTHOUSE_PATHS=/,/login,/signup measures several paths of the same build, one report each
 * (an array of the objects below).
 *
 * Host-independent: Lighthouse's simulated CPU throttling multiplies the host's own speed, so the
 * same page scores differently on a fast and a slow machine. First a calibration run reads the
 * host's `benchmarkIndex`; the CPU slowdown is then that index over TARGET_BENCHMARK_INDEX (the
 * device Lighthouse's default 4× assumes: a ~1600 host slowed to ~400, a mid-tier phone), between
 * 1× and 16× (LIGHTHOUSE_CPU_MULTIPLIER overrides it). Each path runs LIGHTHOUSE_RUNS times (default
 * 5): the median run is reported, with the worst performance score and every run's figures.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '../..');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/**
 * dist/ served the way a static host or CDN serves it (gzip, immutable hashed assets, SPA
 * fallback), which `vite preview` does not: its uncompressed responses would measure the
 * preview server, not the app.
 */
async function serveDist(distDir: string): Promise<{ url: string; close: () => void }> {
  if (!existsSync(path.join(distDir, 'index.html'))) throw new Error(`No ${distDir}/index.html: run \`npm run build\` first.`);
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = path.join(distDir, pathname);
    if (!file.startsWith(distDir) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(distDir, 'index.html');
    const body = readFileSync(file);
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'])) && /text|javascript|json|svg/.test(type);
    res.writeHead(200, {
      'content-type': type,
      'cache-control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
    });
    res.end(gzip ? gzipSync(body) : body);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${port}/`;
  await waitFor(url);
  return { url, close: () => server.close() };
}

/** The device the default mobile preset means: Lighthouse's 4× on a host of benchmark index ~1600. */
const TARGET_BENCHMARK_INDEX = 400;

function runLighthouse(url: string, outFile: string, cpuMultiplier?: number): Promise<void> {
  const bin = path.join(root, 'node_modules', '.bin', 'lighthouse');
  const args = [
    url,
    '--output=json',
    `--output-path=${outFile}`,
    '--only-categories=performance,accessibility,best-practices,seo',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    '--quiet',
    ...(cpuMultiplier ? [`--throttling.cpuSlowdownMultiplier=${cpuMultiplier}`] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: CHROME } });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse exited ${code}`))));
  });
}

interface Report {
  environment?: { benchmarkIndex?: number };
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; score: number | null; title: string }>;
}

// An http(s) URL is measured as is; anything else is a build folder to serve (default dist/).
const arg = process.argv[2] ?? process.env.LIGHTHOUSE_URL;
const target = arg && /^https?:/.test(arg) ? arg : undefined;
const served = target ? null : await serveDist(path.resolve(root, arg ?? 'dist'));
const dir = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
const paths = (process.env.LIGHTHOUSE_PATHS ?? '/').split(',').map((p) => p.trim()).filter(Boolean);
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
try {
  // Calibration: the host's benchmark index, from an ordinary run of the first path.
  const calibration = path.join(dir, 'calibration.json');
  await runLighthouse(new URL(paths[0]!, target ?? served!.url).toString(), calibration);
  const benchmarkIndex = Math.round((JSON.parse(readFileSync(calibration, 'utf8')) as Report).environment?.benchmarkIndex ?? 0);
  const multiplier = Number(process.env.LIGHTHOUSE_CPU_MULTIPLIER) || Math.min(16, Math.max(1, Math.round((benchmarkIndex / TARGET_BENCHMARK_INDEX) * 2) / 2 || 4));

  const results = [];
  for (const [i, pagePath] of paths.entries()) {
    const url = new URL(pagePath, target ?? served!.url).toString();
    const measured = [];
    for (let r = 0; r < runs; r++) {
      const out = path.join(dir, `report-${i}-${r}.json`);
      await runLighthouse(url, out, multiplier);
      const report = JSON.parse(readFileSync(out, 'utf8')) as Report;
      // LIGHTHOUSE_REPORT=<file> keeps the (last) whole report (to read its audits' details).
      if (process.env.LIGHTHOUSE_REPORT) copyFileSync(out, process.env.LIGHTHOUSE_REPORT);
      const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
      const ms = (id: string) => Math.round(report.audits[id]?.numericValue ?? 0);
      measured.push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        best_practices: score('best-practices'),
        seo: score('seo'),
        metrics_ms: {
          first_contentful_paint: ms('first-contentful-paint'),
          largest_contentful_paint: ms('largest-contentful-paint'),
          total_blocking_time: ms('total-blocking-time'),
          speed_index: ms('speed-index'),
        },
        cumulative_layout_shift: report.audits['cumulative-layout-shift']?.numericValue ?? null,
        audits_below_90: Object.entries(report.audits)
          .filter(([, a]) => a.score !== null && a.score < 0.9 && !['metrics', 'diagnostics'].includes(a.title))
          .map(([id]) => id),
      });
    }
    const byPerformance = [...measured].sort((a, b) => a.performance - b.performance);
    results.push({
      url,
      ...byPerformance[Math.floor(byPerformance.length / 2)]!,
      worst_performance: byPerformance[0]!.performance,
      runs: measured.map((m) => ({ performance: m.performance, lcp_ms: m.metrics_ms.largest_contentful_paint, tbt_ms: m.metrics_ms.total_blocking_time })),
    });
  }
  console.log(JSON.stringify({ host_benchmark_index: benchmarkIndex, cpu_slowdown_multiplier: multiplier, runs, pages: results }, null, 2));
} finally {
  served?.close();
  rmSync(dir, { recursive: true, force: true });
}
