import path from 'node:path';

/**
 * Where the e2e stack runs. Defaults suit CI; set E2E_PORT_BASE (and E2E_PREVIEW_PORT) to run
 * several suites side by side: api = base+1, db = base+2, inbox = base+4, stripe = base+7, platforms = base+8, worker = base+10.
 * The default base is below Linux's ephemeral range (32768–60999): a fixed port inside it can be
 * taken by any outgoing connection or a process listening on port 0 (the devstack's Deno, the
 * integration stack's free ports) — a CI run failed once on 55424 taken just before the e2e stack.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 25420);
const previewPort = Number(process.env.E2E_PREVIEW_PORT ?? 4174);
const root = path.resolve(import.meta.dirname, '..');

export const e2eEnv = {
  root,
  previewPort,
  baseURL: `http://127.0.0.1:${previewPort}`,
  apiPort: base + 1,
  dbPort: base + 2,
  inboxPort: base + 4,
  stripePort: base + 7,
  platformsPort: base + 8,
  workerPort: base + 10,
  dataDir: path.join(root, `.devstack-e2e-${previewPort}`),
  /**
   * The e2e worker renders UGC ads at a quarter of their size (270×480 for 9:16): the specs check
   * what the user does and sees, and tests/worker checks the full 1080×1920 render.
   */
  ugcRenderScale: 0.25,
  outDir: `dist-e2e-${previewPort}`,
};
