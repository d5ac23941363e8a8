/**
 * The worker's CPU queue: at most `concurrency` tasks run at once, the rest wait.
 *
 * Who goes next, when a slot frees:
 * - single runs (`interactive`) before batch photos (`batch`), whenever both wait;
 * - within a lane, users take turns (round robin by `owner`), so one user's ten requests never make
 *   another user's one request wait behind all ten; a user's own tasks keep their order;
 * - batch work never holds every slot (at most concurrency − 1 of them when there are two or more),
 *   so a single run that arrives while a batch is going starts when the next slot frees, not after
 *   the whole batch.
 *
 * A running task can step out of its slot while it waits for something that is not CPU work here
 * (`slot.outside`: the cut-out model's own queue, say) and comes back ahead of anyone who has not
 * started yet.
 */
export type Lane = 'interactive' | 'batch';

export interface Ticket {
  lane?: Lane;
  /** Whose task it is (a user id): users take turns. Tasks without an owner share one turn. */
  owner?: string;
  /** Told how long the task waited for its slot, in ms, once it starts. */
  waited?: (ms: number) => void;
}

export interface Slot {
  /** Gives the slot up while `work` runs, and waits for one again (first in line) afterwards. */
  outside<T>(work: () => Promise<T>): Promise<T>;
}

export interface Queue {
  run<T>(task: (slot: Slot) => Promise<T>, ticket?: Lane | Ticket): Promise<T>;
  readonly running: number;
  readonly waiting: number;
  readonly concurrency: number;
}

interface Waiter {
  lane: Lane;
  start: () => void;
}

/** Waiters of one lane, grouped by owner; owners are served in turn. */
class Turns {
  private readonly byOwner = new Map<string, Waiter[]>();
  private readonly order: string[] = [];
  size = 0;

  push(owner: string, waiter: Waiter) {
    let own = this.byOwner.get(owner);
    if (!own) {
      own = [];
      this.byOwner.set(owner, own);
      this.order.push(owner);
    }
    own.push(waiter);
    this.size++;
  }

  shift(): Waiter | undefined {
    const owner = this.order.shift();
    if (owner === undefined) return undefined;
    const own = this.byOwner.get(owner)!;
    const next = own.shift()!;
    if (own.length) this.order.push(owner);
    else this.byOwner.delete(owner);
    this.size--;
    return next;
  }
}

export function createQueue(concurrency: number): Queue {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError('concurrency must be a positive integer');
  const batchCap = concurrency > 1 ? concurrency - 1 : 1;
  const active: Record<Lane, number> = { interactive: 0, batch: 0 };
  // Tasks coming back from `outside` go first: they have started and hold memory.
  const resuming: Waiter[] = [];
  const waiting: Record<Lane, Turns> = { interactive: new Turns(), batch: new Turns() };
  const running = () => active.interactive + active.batch;

  const canStart = (lane: Lane) => running() < concurrency && (lane === 'interactive' || active.batch < batchCap);

  /** Starts waiters while slots are free; called whenever a slot frees or a waiter arrives. */
  const dispatch = () => {
    for (;;) {
      let next: Waiter | undefined;
      if (resuming.length && canStart(resuming[0]!.lane)) next = resuming.shift();
      else if (waiting.interactive.size && canStart('interactive')) next = waiting.interactive.shift();
      else if (waiting.batch.size && canStart('batch')) next = waiting.batch.shift();
      if (!next) return;
      active[next.lane]++;
      next.start();
    }
  };

  const acquire = (lane: Lane, line: (w: Waiter) => void) =>
    new Promise<void>((resolve) => {
      line({ lane, start: resolve });
      dispatch();
    });

  const release = (lane: Lane) => {
    active[lane]--;
    dispatch();
  };

  return {
    async run<T>(task: (slot: Slot) => Promise<T>, ticket: Lane | Ticket = {}): Promise<T> {
      const { lane = 'interactive', owner = '', waited } = typeof ticket === 'string' ? { lane: ticket } : ticket;
      const queued = performance.now();
      await acquire(lane, (w) => waiting[lane].push(owner, w));
      waited?.(performance.now() - queued);
      const slot: Slot = {
        async outside(work) {
          release(lane);
          try {
            return await work();
          } finally {
            await acquire(lane, (w) => resuming.push(w));
          }
        },
      };
      try {
        return await task(slot);
      } finally {
        release(lane);
      }
    },
    get running() {
      return running();
    },
    get waiting() {
      return waiting.interactive.size + waiting.batch.size + resuming.length;
    },
    concurrency,
  };
}
