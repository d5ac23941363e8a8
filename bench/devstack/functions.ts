import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RunningDevstack } from '@shotcraft/devstack/src/index.ts';

export interface FunctionFigures {
  functions: number;
  /** The first function call after the devstack is ready (the runtime may still be starting). */
  first_call_ms: number;
  /** Every other function's first call (its module loaded): median and slowest. */
  first_load_ms: { p50: number; max: number };
  /** A warm call of one function, 50 in a row. */
  warm_call_ms: { p50: number; p95: number };
  /** Resident memory of this process and its children but Postgres: before any call, after all loaded. */
  rss_mb: { before: number; after_all_loaded: number };
}

/** Resident KB of a process from /proc (0 when it is gone). */
function rssKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** This process and its descendants, Postgres's excepted (it is the same for either runtime). */
function treeRssMb(): number {
  const parent = new Map<number, number>();
  const name = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const m = /^\d+ \((.*)\) \S (\d+)/.exec(stat);
      if (m) {
        parent.set(Number(entry), Number(m[2]));
        name.set(Number(entry), m[1]!);
      }
    } catch {
      // gone meanwhile
    }
  }
  let kb = 0;
  for (const [pid] of parent) {
    let p: number | undefined = pid;
    let ours = false;
    while (p && p > 1) {
      if (p === process.pid) {
        ours = true;
        break;
      }
      p = parent.get(p);
    }
    if (ours && !/postgres/.test(name.get(pid) ?? '')) kb += rssKb(pid);
  }
  return Math.round(kb / 1024);
}

const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

/** Calls every function of supabase/functions once (a CORS preflight: no JWT needed), then one warm. */
export async function functionFigures(devstack: RunningDevstack, repo: string): Promise<FunctionFigures> {
  const { api_url } = devstack.status;
  const names = readdirSync(path.join(repo, 'supabase/functions'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('_'))
    .map((d) => d.name)
    .sort();
  const call = async (name: string) => {
    const started = performance.now();
    const res = await fetch(`${api_url}/functions/v1/${name}`, { method: 'OPTIONS', headers: { Origin: 'http://127.0.0.1:5173', 'Access-Control-Request-Method': 'POST' } });
    await res.arrayBuffer();
    if (res.status >= 500) throw new Error(`${name} answered ${res.status}`);
    return performance.now() - started;
  };
  const before = treeRssMb();
  const first = await call('hello-devstack');
  const loads: number[] = [];
  for (const name of names.filter((n) => n !== 'hello-devstack')) loads.push(await call(name));
  const after = treeRssMb();
  const warm: number[] = [];
  for (let i = 0; i < 50; i++) warm.push(await call('hello-devstack'));
  const r = (x: number) => Math.round(x);
  return {
    functions: names.length,
    first_call_ms: r(first),
    first_load_ms: { p50: r(pct(loads, 0.5)), max: r(Math.max(...loads)) },
    warm_call_ms: { p50: Number(pct(warm, 0.5).toFixed(1)), p95: Number(pct(warm, 0.95).toFixed(1)) },
    rss_mb: { before, after_all_loaded: after },
  };
}
