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

describe('fairness', () => {
  const recorder = (queue: ReturnType<typeof createQueue>, order: string[]) => (name: string, ticket: Parameters<typeof queue.run>[1]) =>
    queue.run(async () => {
      order.push(name);
      await new Promise((r) => setTimeout(r, 2));
    }, ticket);

  it('lets users take turns: a second user is not served after all of the first user\'s work', async () => {
    const queue = createQueue(1);
    const order: string[] = [];
    const run = recorder(queue, order);
    await Promise.all([
      run('a1', { owner: 'a' }), run('a2', { owner: 'a' }), run('a3', { owner: 'a' }), run('a4', { owner: 'a' }),
      run('b1', { owner: 'b' }), run('b2', { owner: 'b' }),
    ]);
    expect(order).toEqual(['a1', 'a2', 'b1', 'a3', 'b2', 'a4']);
  });

  it('never gives every slot to batch work: a single run starts beside a running batch', async () => {
    const queue = createQueue(2);
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const batch = [1, 2, 3].map((i) => queue.run(async () => { order.push(`batch ${i}`); await gate; }, { lane: 'batch', owner: 'a' }));
    await new Promise((r) => setTimeout(r, 5));
    expect([queue.running, queue.waiting]).toEqual([1, 2]);
    const single = queue.run(async () => { order.push('single'); }, { owner: 'b' });
    await single;
    expect(order).toEqual(['batch 1', 'single']);
    release();
    await Promise.all(batch);
  });

  it('reports how long a task waited for its slot', async () => {
    const queue = createQueue(1);
    const waits: number[] = [];
    await Promise.all([0, 1].map(() => queue.run(() => new Promise((r) => setTimeout(r, 30)), { waited: (ms) => waits.push(ms) })));
    expect(waits[0]).toBeLessThan(20);
    expect(waits[1]).toBeGreaterThanOrEqual(25);
  });
});

describe('slot.outside', () => {
  it('frees the slot while a task waits on something else, and takes one again before newcomers', async () => {
    const queue = createQueue(1);
    const order: string[] = [];
    let release!: () => void;
    const elsewhere = new Promise<void>((r) => (release = r));
    const first = queue.run(async (slot) => {
      order.push('first starts');
      await slot.outside(() => elsewhere);
      order.push('first resumes');
    });
    await new Promise((r) => setTimeout(r, 5));
    const second = queue.run(async () => {
      order.push('second runs');
      release();
      await new Promise((r) => setTimeout(r, 5));
    });
    const third = queue.run(async () => { order.push('third runs'); });
    await Promise.all([first, second, third]);
    expect(order).toEqual(['first starts', 'second runs', 'first resumes', 'third runs']);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });
});
