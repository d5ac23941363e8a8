import { describe, expect, it, vi } from 'vitest';
import { createErrorLogger, toReport, type ErrorReport } from './logger';

const report = (message: string): ErrorReport => toReport(message, { severity: 'high', category: 'network' });

describe('client error logger', () => {
  it('sends a report once when the first try is accepted', async () => {
    const send = vi.fn().mockResolvedValue(true);
    const waits: number[] = [];
    const logger = createErrorLogger(send, async (ms) => void waits.push(ms));
    logger.enqueue(report('Upload failed'));
    await logger.idle();
    expect(send).toHaveBeenCalledTimes(1);
    expect(waits).toEqual([]);
  });

  it('retries up to 3 times, waiting 1 s longer each time, then gives up and goes on', async () => {
    const send = vi.fn().mockResolvedValueOnce(false).mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(false).mockResolvedValueOnce(false).mockResolvedValue(true);
    const waits: number[] = [];
    const logger = createErrorLogger(send, async (ms) => void waits.push(ms));
    logger.enqueue(report('first'));
    logger.enqueue(report('second'));
    await logger.idle();
    // first: 1 try + 3 retries, all refused; second: accepted at once
    expect(send.mock.calls.map(([r]) => (r as ErrorReport).message)).toEqual(['first', 'first', 'first', 'first', 'second']);
    expect(waits).toEqual([1000, 2000, 3000]);
  });

  it('stops retrying as soon as a retry is accepted', async () => {
    const send = vi.fn().mockResolvedValueOnce(false).mockResolvedValue(true);
    const waits: number[] = [];
    const logger = createErrorLogger(send, async (ms) => void waits.push(ms));
    logger.enqueue(report('once more'));
    await logger.idle();
    expect(send).toHaveBeenCalledTimes(2);
    expect(waits).toEqual([1000]);
  });

  it('reports severity, category, the error and the scalar context, cut to size', () => {
    const r = toReport('Route error', { severity: 'critical', category: 'processing', error: new TypeError('x'.repeat(2000)), path: '/dashboard', attempt: 2, ok: false, nested: { secret: 'kept out' } });
    expect(r).toMatchObject({ message: 'Route error', severity: 'critical', category: 'processing', details: { path: '/dashboard', attempt: 2, ok: false } });
    expect(r.details).not.toHaveProperty('nested');
    expect(r.error!.startsWith('TypeError: xxx')).toBe(true);
    expect(r.error!.length).toBeLessThanOrEqual(1001);
    expect(toReport('plain')).toMatchObject({ severity: 'medium', category: 'system' });
  });
});
