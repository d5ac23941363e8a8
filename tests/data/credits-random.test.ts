/**
 * A seeded random run of 1,000 start / claim / complete / fail calls (with replays and concurrent
 * bursts) across several users, checked against a model of what each call must do, and then the
 * ledger invariants for every user and job (docs/architecture.md §4).
 */
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pgClient, serviceClient } from '../helpers/clients.js';
import { newActor, prng, setBalance, type Actor } from './support.js';

const SEED = 20261122;
const OPERATIONS = 1000;
const START_BALANCE = 60;
const PRICES: [string, string, number][] = [
  ['lightbox', 'default', 1], ['refine_image', 'general', 2], ['refine_image', 'upscale', 3],
  ['spin360', 'default', 5], ['ugc', 'default', 5], ['competitor_ad', 'default', 10],
];

type Status = 'queued' | 'processing' | 'completed' | 'failed';
interface Job { id: string; user: Actor; cost: number; status: Status }

let su: pg.Client;
let users: Actor[];
const service = serviceClient();
const balance = new Map<string, number>();
const jobs: Job[] = [];
const rand = prng(SEED);
const pick = <T>(list: T[]): T => list[Math.floor(rand() * list.length)];
const finished = (j: Job) => j.status === 'completed' || j.status === 'failed';
let calls = 0;
/** What the run went through, so a seed that never exercises a path is noticed. */
const seen = new Set<string>();

beforeAll(async () => {
  su = await pgClient();
  users = await Promise.all(Array.from({ length: 6 }, () => newActor()));
  for (const u of users) {
    await setBalance(su, u.id, START_BALANCE);
    balance.set(u.id, START_BALANCE);
  }
});
afterAll(async () => {
  await su.end();
});

/** start_job as the user; `exact` when no other call of this user runs at the same time. */
async function start(user: Actor, exact: boolean) {
  calls++;
  const [studio, preset, cost] = pick(PRICES);
  const before = balance.get(user.id)!;
  const { data, error } = await user.db.rpc('start_job', { studio, options: { preset, title: `run ${calls}` } });
  if (error) {
    expect(error.details).toBe('insufficient_credits');
    seen.add('insufficient_credits');
    if (exact) expect(before).toBeLessThan(cost);
    return;
  }
  if (exact) expect(data).toMatchObject({ cost, balance: before - cost });
  expect(data.cost).toBe(cost);
  balance.set(user.id, balance.get(user.id)! - cost);
  jobs.push({ id: data.job_id, user, cost, status: 'queued' });
  seen.add('queued');
}

async function complete(job: Job) {
  calls++;
  const { data, error } = await service.rpc('complete_job', { job_id: job.id, result: { path: `${job.user.id}/out/${job.id}.png` } });
  expect(error).toBeNull();
  return data as { status: Status; changed: boolean };
}

async function fail(job: Job) {
  calls++;
  const { data, error } = await service.rpc('fail_job', { job_id: job.id, error: 'random failure' });
  expect(error).toBeNull();
  return data as { status: Status; changed: boolean; refunded: number };
}

/** Applies a complete or fail answer to the model, checking it against the job's state. */
function settle(job: Job, answer: { status: Status; changed: boolean; refunded?: number }, wanted: Status, exact: boolean) {
  if (exact) expect(answer.changed).toBe(!finished(job));
  if (!answer.changed) {
    seen.add('replay');
    return;
  }
  expect(answer.status).toBe(wanted);
  job.status = wanted;
  seen.add(wanted);
  if (wanted === 'failed') {
    expect(answer.refunded).toBe(job.cost);
    balance.set(job.user.id, balance.get(job.user.id)! + job.cost);
  }
}

async function claim(job: Job) {
  calls++;
  const asOwner = rand() < 0.85;
  const userId = asOwner ? job.user.id : pick(users.filter((u) => u !== job.user)).id;
  const { error } = await service.rpc('claim_job', { job_id: job.id, user_id: userId });
  if (!asOwner) return expect(error?.details).toBe('job_forbidden');
  if (job.status !== 'queued') return expect(error?.details).toBe('job_not_queued');
  expect(error).toBeNull();
  job.status = 'processing';
  seen.add('processing');
}

/** Several calls at once: starts of one user, and a complete racing a fail on one job. */
async function burst() {
  const user = pick(users);
  const open = jobs.filter((j) => !finished(j));
  const target = open.length ? pick(open) : undefined;
  const starts = Array.from({ length: 2 + Math.floor(rand() * 4) }, () => start(user, false));
  const race = target ? [complete(target), fail(target), fail(target)] : [];
  const answers = (await Promise.all([...race, ...starts])).slice(0, race.length) as { status: Status; changed: boolean }[];
  if (target) {
    expect(answers.filter((a) => a.changed)).toHaveLength(1);
    seen.add('race');
    const winner = answers.findIndex((a) => a.changed);
    settle(target, answers[winner], winner === 0 ? 'completed' : 'failed', false);
  }
}

it(`keeps credits == sum(ledger) >= 0 for every user over ${OPERATIONS} random operations (seed ${SEED})`, { timeout: 120_000 }, async () => {
  while (calls < OPERATIONS) {
    const r = rand();
    const open = jobs.filter((j) => !finished(j));
    if (r < 0.4 || jobs.length === 0) await start(pick(users), true);
    else if (r < 0.55 && open.length) await claim(pick(open));
    else if (r < 0.7 && open.length) { const j = pick(open); settle(j, await complete(j), 'completed', true); }
    else if (r < 0.82 && open.length) { const j = pick(open); settle(j, await fail(j), 'failed', true); }
    else if (r < 0.92) {
      // Any job, finished or not: replays must change nothing.
      const j = pick(jobs);
      const completing = rand() < 0.5;
      settle(j, completing ? await complete(j) : await fail(j), completing ? 'completed' : 'failed', true);
    }
    else await burst();
  }

  const ids = users.map((u) => u.id);
  const { rows: totals } = await su.query(
    `select p.user_id, p.credits, coalesce(sum(l.delta), 0)::int as ledger
       from public.profiles p left join public.credit_ledger l using (user_id)
      where p.user_id = any($1) group by p.user_id, p.credits`, [ids]);
  for (const t of totals) {
    expect(t.credits).toBe(t.ledger);
    expect(t.credits).toBeGreaterThanOrEqual(0);
    expect(t.credits).toBe(balance.get(t.user_id));
  }

  // Each ledger row's balance_after continues the user's running sum.
  const { rows: breaks } = await su.query(
    `select count(*)::int as n from (
       select balance_after, sum(delta) over (partition by user_id order by id) as running
         from public.credit_ledger where user_id = any($1)) s where balance_after <> running`, [ids]);
  expect(breaks[0].n).toBe(0);

  const { rows: perJob } = await su.query(
    `select j.id, j.status, j.credits_charged,
            count(*) filter (where l.reason = 'job_debit')::int as debits,
            count(*) filter (where l.reason = 'job_refund')::int as refunds,
            coalesce(sum(l.delta) filter (where l.reason = 'job_refund'), 0)::int as refunded,
            (select w.status from public.webhook_clicks w where w.job_id = j.id) as click,
            (select count(*)::int from public.content_generations c where c.job_id = j.id) as contents
       from (select id, status, credits_charged, user_id from public.image_jobs
             union all select id, status, credits_charged, user_id from public.videos) j
       left join public.credit_ledger l on l.job_id = j.id
      where j.user_id = any($1) group by j.id, j.status, j.credits_charged`, [ids]);
  expect(perJob).toHaveLength(jobs.length);
  const model = new Map(jobs.map((j) => [j.id, j]));
  for (const row of perJob) {
    const job = model.get(row.id)!;
    expect(row.status).toBe(job.status);
    expect(row.credits_charged).toBe(job.cost);
    expect(row.debits).toBe(1);
    expect(row.refunds).toBe(row.status === 'failed' ? 1 : 0);
    expect(row.refunded).toBe(row.status === 'failed' ? job.cost : 0);
    expect(row.click).toBe({ queued: 'started', processing: 'started', completed: 'completed', failed: 'failed' }[job.status as Status]);
    expect(row.contents).toBe(row.status === 'completed' ? 1 : 0);
  }

  // What the dashboard shows agrees with the model too.
  for (const u of users) {
    const { data } = await u.db.rpc('credit_summary');
    expect(data.total_credits).toBe(balance.get(u.id));
  }
  expect([...seen].sort()).toEqual(['completed', 'failed', 'insufficient_credits', 'processing', 'queued', 'race', 'replay']);
});
