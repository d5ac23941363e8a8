import { describe, expect, it } from 'vitest';
import { createQueue } from './queue.js';

describe('createQueue', () => {
  it('never runs more tasks at once than its concurrency, and runs them all', async () => {
    const queue = createQueue(2);
    let active = 0;
    let peak = 0;
    const task = async (i: number) => {
      active++;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, 2));
      active--;
      return i;
    };
    const results = await Promise.all(Array.from({ length: 9 }, (_, i) => queue.run(() => task(i))));
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(peak).toBe(2);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('frees the slot when a task fails', async () => {
    const queue = createQueue(1);
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
  });
});

describe('batch lane', () => {
  it('lets a single run that arrives later go before waiting batch work', async () => {
    const queue = createQueue(1);
    const order: string[] = [];
    const task = (name: string) => async () => {
      order.push(name);
      await new Promise((r) => setTimeout(r, 2));
    };
    const batch = [1, 2, 3].map((i) => queue.run(task(`batch ${i}`), 'batch'));
    const single = queue.run(task('single'));
    await Promise.all([...batch, single]);
    expect(order).toEqual(['batch 1', 'single', 'batch 2', 'batch 3']);
  });
});
