import type { ServerResponse } from 'node:http';
import { errorBody, type WorkerError } from './errors.js';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(text);
}

export function sendError(res: ServerResponse, err: WorkerError, headers: Record<string, string> = {}): void {
  sendJson(res, err.status, errorBody(err), headers);
}

/** Server-Timing phases of one request (auth, receive, decode, claim, process, store, complete). */
export class Timings {
  private readonly phases: [string, number][] = [];

  async time<T>(name: string, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.phases.push([name, performance.now() - started]);
    }
  }

  /** A phase measured elsewhere (time spent waiting in a queue). */
  add(name: string, ms: number): void {
    this.phases.push([name, ms]);
  }

  /** `auth 3 · receive 12 · process 2210` for the worker's log. */
  summary(): string {
    return this.phases.map(([name, ms]) => `${name} ${Math.round(ms)}`).join(' · ');
  }

  header(): string {
    return this.phases.map(([name, ms]) => `${name};dur=${ms.toFixed(1)}`).join(', ');
  }
}
