/**
 * A small concurrency limiter (p-limit style): at most `concurrency` tasks run at once, the rest
 * wait in arrival order. CPU-bound image work goes through one queue sized to the CPU count.
 * Batch work waits in a lane of its own that moves only when no single run is waiting, so a user's
 * 50-photo batch never makes someone else's one photo wait behind it.
 */
export type Lane = 'interactive' | 'batch';

export interface Queue {
  run<T>(task: () => Promise<T>, lane?: Lane): Promise<T>;
  readonly running: number;
  readonly waiting: number;
  readonly concurrency: number;
}

export function createQueue(concurrency: number): Queue {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError('concurrency must be a positive integer');
  let running = 0;
  const waiting: Record<Lane, (() => void)[]> = { interactive: [], batch: [] };

  // A finishing task hands its slot straight to the next waiter, so a newcomer cannot slip in
  // between and exceed the limit.
  const release = () => {
    const next = waiting.interactive.shift() ?? waiting.batch.shift();
    if (next) next();
    else running--;
  };

  return {
    async run<T>(task: () => Promise<T>, lane: Lane = 'interactive'): Promise<T> {
      if (running >= concurrency) await new Promise<void>((resolve) => waiting[lane].push(resolve));
      else running++;
      try {
        return await task();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.interactive.length + waiting.batch.length;
    },
    concurrency,
  };
}
