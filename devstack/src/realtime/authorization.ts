/**
 * Realtime Authorization: what a token may do on a private channel, decided by the project's RLS
 * policies on `realtime.messages`, asked the way supabase/realtime asks them — as the token's role
 * with its claims in `request.jwt.claims` and the channel in `realtime.topic`, inside a transaction
 * that is always rolled back:
 * - may receive ("read"): probe rows for the topic are written (as the superuser), then read back
 *   as the user; a SELECT policy that lets the user see the broadcast row allows broadcast, the
 *   presence row presence;
 * - may send ("write"): the user itself INSERTs a row for the topic and extension; a refusal
 *   (insufficient_privilege, which RLS raises) denies it.
 */
import type pg from 'pg';
import type { Claims } from '../core/types.js';

export type Extension = 'broadcast' | 'presence';

export interface ReadPolicies {
  broadcast: boolean;
  presence: boolean;
}

/** Raised when a policy itself fails (an error in its SQL); the caller refuses, never allows. */
export class PolicyError extends Error {
  constructor(override readonly cause: Error) {
    super(`RLS policy error: ${cause.message}`);
    this.name = 'PolicyError';
  }
}

const INSUFFICIENT_PRIVILEGE = '42501';

async function asUser(client: pg.PoolClient, topic: string, claims: Claims): Promise<void> {
  await client.query(
    `select set_config('role', $1, true), set_config('realtime.topic', $2, true),
            set_config('request.jwt.claims', $3, true), set_config('request.jwt.claim.sub', $4, true),
            set_config('request.jwt.claim.role', $1, true)`,
    [claims.role, topic, JSON.stringify(claims), typeof claims.sub === 'string' ? claims.sub : ''],
  );
}

/** Runs `fn` in a transaction on a superuser connection and always rolls it back. */
async function rolledBack<T>(admin: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await admin.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    return await fn(client);
  } finally {
    await client.query('rollback').catch((e: Error) => (broken = e));
    client.release(broken);
  }
}

const isPgError = (err: unknown): err is Error & { code: string } =>
  err instanceof Error && typeof (err as { code?: unknown }).code === 'string';

/** May these claims receive broadcast and presence on `topic` (the channel name without `realtime:`)? */
export async function readPolicies(admin: pg.Pool, topic: string, claims: Claims): Promise<ReadPolicies> {
  return rolledBack(admin, async (client) => {
    const { rows } = await client.query<{ id: string; extension: Extension }>(
      `insert into realtime.messages (topic, extension) values ($1, 'broadcast'), ($1, 'presence') returning id, extension`,
      [topic],
    );
    const ids = rows.map((r) => r.id);
    await asUser(client, topic, claims);
    try {
      const seen = await client.query<{ extension: Extension }>(
        'select extension from realtime.messages where topic = $1 and id = any($2::uuid[])',
        [topic, ids],
      );
      const got = new Set(seen.rows.map((r) => r.extension));
      return { broadcast: got.has('broadcast'), presence: got.has('presence') };
    } catch (err) {
      if (isPgError(err)) throw new PolicyError(err);
      throw err;
    }
  });
}

/** May these claims send `extension` messages on `topic`? */
export async function writePolicy(admin: pg.Pool, topic: string, claims: Claims, extension: Extension): Promise<boolean> {
  return rolledBack(admin, async (client) => {
    await asUser(client, topic, claims);
    try {
      await client.query('insert into realtime.messages (topic, extension) values ($1, $2)', [topic, extension]);
      return true;
    } catch (err) {
      if (isPgError(err) && err.code === INSUFFICIENT_PRIVILEGE) return false;
      if (isPgError(err)) throw new PolicyError(err);
      throw err;
    }
  });
}

/**
 * One channel's answers, asked once and kept (as the server keeps them in the socket's assigns):
 * reads at join, each write the first time it is needed; a new token asks again.
 */
export class ChannelPolicies {
  private writes = new Map<Extension, Promise<boolean>>();

  constructor(
    private readonly admin: pg.Pool,
    private readonly topic: string,
    private claims: Claims,
    public read: ReadPolicies,
  ) {}

  static async load(admin: pg.Pool, topic: string, claims: Claims): Promise<ChannelPolicies> {
    return new ChannelPolicies(admin, topic, claims, await readPolicies(admin, topic, claims));
  }

  /** Answers for a refreshed token; the previous write answers no longer hold. */
  async refresh(claims: Claims): Promise<ReadPolicies> {
    const read = await readPolicies(this.admin, this.topic, claims);
    this.claims = claims;
    this.read = read;
    this.writes.clear();
    return read;
  }

  canWrite(extension: Extension): Promise<boolean> {
    let answer = this.writes.get(extension);
    if (!answer) {
      answer = writePolicy(this.admin, this.topic, this.claims, extension);
      // A failed check is not remembered: the next message asks again.
      answer.catch(() => this.writes.delete(extension));
      this.writes.set(extension, answer);
    }
    return answer;
  }
}
