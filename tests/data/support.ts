/**
 * Shared fixtures for the data-model tests. Everything asserted goes through supabase-js; the
 * superuser connection only sets up what no API allows (a chosen balance, a plan, an expired job)
 * and reads invariants.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { createUser, serviceClient, signIn, type TestUser } from '../helpers/clients.js';

export interface Actor {
  user: TestUser;
  id: string;
  db: SupabaseClient;
}

/** A confirmed user, signed in. */
export async function newActor(data?: Record<string, unknown>): Promise<Actor> {
  const user = await createUser({ data });
  return { user, id: user.id, db: await signIn(user.email, user.password) };
}

/** Gives a user exactly `credits` through the ledger (an 'adjustment' row), as an admin would. */
export async function setBalance(su: pg.Client, userId: string, credits: number): Promise<void> {
  const { rows } = await su.query<{ credits: number }>('select credits from public.profiles where user_id = $1', [userId]);
  const delta = credits - rows[0].credits;
  if (delta !== 0) await su.query(`select private.apply_credit_delta($1, $2, 'adjustment')`, [userId, delta]);
}

export async function setPlan(su: pg.Client, userId: string, plan: string): Promise<void> {
  await su.query('update public.profiles set plan = $2 where user_id = $1', [userId, plan]);
}

/** The balance and the sum of the ledger, read as superuser. */
export async function creditState(su: pg.Client, userId: string): Promise<{ credits: number; ledger: number }> {
  const { rows } = await su.query<{ credits: number; ledger: number }>(
    `select p.credits, coalesce((select sum(delta) from public.credit_ledger l where l.user_id = p.user_id), 0)::int as ledger
       from public.profiles p where p.user_id = $1`,
    [userId],
  );
  return rows[0];
}

export interface Started {
  job_id: string;
  cost: number;
  balance: number;
}

/** start_job as the user; throws on error. */
export async function startJob(db: SupabaseClient, studio: string, options: Record<string, unknown> = {}): Promise<Started> {
  const { data, error } = await db.rpc('start_job', { studio, options });
  if (error) throw new Error(`start_job(${studio}) failed: ${error.message} (${error.details})`);
  return data as Started;
}

/** complete_job as the worker (service role), with a result inside the user's folder. */
export async function completeJob(userId: string, jobId: string, extra: Record<string, unknown> = {}) {
  return serviceClient().rpc('complete_job', {
    job_id: jobId,
    result: { path: `${userId}/results/${jobId}.png`, mime_type: 'image/png', width: 64, height: 64, bytes: 1234, ...extra },
  });
}

export async function failJob(jobId: string, error = 'The image could not be decoded.') {
  return serviceClient().rpc('fail_job', { job_id: jobId, error });
}

/** Small deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
