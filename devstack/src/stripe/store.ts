/**
 * The stand-in's state: Stripe objects by id, kept in one JSON file under the devstack's data
 * folder so a restart keeps customers, subscriptions and what was paid.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

/** A Stripe object as the API returns it (snake_case fields, `id`, `object`). */
export type StripeObject = { id: string; object: string; [field: string]: unknown };

export interface Delivery {
  at: number;
  status: number | null;
  error?: string;
}

export interface StoredEvent {
  event: StripeObject;
  deliveries: Delivery[];
  /** 'pending' until a 2xx, 'failed' after the last retry. */
  state: 'pending' | 'delivered' | 'failed';
}

export interface StripeState {
  objects: Record<string, StripeObject>;
  events: StoredEvent[];
  /** Idempotency-Key → the response first given for it. */
  idempotency: Record<string, { status: number; body: unknown; at: number }>;
  /** Saved cards by customer (what the portal's "Update card" changes). */
  cards: Record<string, { brand: string; last4: string; exp_month: number; exp_year: number }>;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `cus_…`, `cs_test_…`: Stripe's prefixes and 24 random characters. */
export function newId(prefix: string): string {
  const bytes = randomBytes(24);
  let s = '';
  for (const b of bytes) s += ALPHABET[b % ALPHABET.length];
  return `${prefix}_${s}`;
}

export const now = () => Math.floor(Date.now() / 1000);

export class StripeStore {
  state: StripeState;

  constructor(private readonly file: string) {
    this.state = { objects: {}, events: [], idempotency: {}, cards: {} };
    if (existsSync(file)) {
      try {
        this.state = { ...this.state, ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<StripeState>) };
      } catch {
        // A torn file from a killed process: start empty rather than not at all.
      }
    }
  }

  save(): void {
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.state));
    renameSync(tmp, this.file);
  }

  get(id: string, object?: string): StripeObject | undefined {
    const found = this.state.objects[id];
    return found && (!object || found.object === object) ? found : undefined;
  }

  put<T extends StripeObject>(obj: T): T {
    this.state.objects[obj.id] = obj;
    return obj;
  }

  all(object: string): StripeObject[] {
    return Object.values(this.state.objects).filter((o) => o.object === object);
  }
}
