/**
 * Low-credit warnings (credit_warning()): at 80% and 100% of a plan's period credits used, and
 * when a balance cannot pay for the cheapest run — each once per threshold and period, whatever
 * the number of tabs or devices asking, and only ever about the caller.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, pgClient } from '../helpers/clients.js';
import { newActor, setBalance, setPlan, startJob, type Actor } from './support.js';

let su: pg.Client;
beforeAll(async () => {
  su = await pgClient();
});
afterAll(async () => {
  await su.end();
});

const claim = async (actor: Actor) => {
  const { data, error } = await actor.db.rpc('credit_warning');
  if (error) throw new Error(error.message);
  return data as { threshold: string; balance: number; allowance: number | null; used: number; cheapest: number | null; period_end: string | null } | null;
};

/** Usage as finished jobs leave it in the ledger: one debit of `credits`. */
const use = (actor: Actor, credits: number) =>
  su.query(`select private.apply_credit_delta($1, $2, 'job_debit', 'refine_image', gen_random_uuid())`, [actor.id, -credits]);

/** A live subscription whose period began `daysAgo` days ago, as the Stripe webhook writes it. */
async function subscribe(actor: Actor, plan: string, daysAgo: number) {
  await setPlan(su, actor.id, plan);
  await su.query(
    `insert into public.billing_subscriptions (id, user_id, plan, status, current_period_start, current_period_end)
     values ($1, $2, $3, 'active', now() - make_interval(days => $4), now() - make_interval(days => $4) + interval '1 month')
     on conflict (id) do update set current_period_start = excluded.current_period_start, current_period_end = excluded.current_period_end`,
    [`sub_warn_${actor.id.slice(0, 8)}`, actor.id, plan, daysAgo],
  );
}

describe('credit_warning()', () => {
  it('warns a plan at 80% of its period credits used, then at 100%, each once', async () => {
    const actor = await newActor();
    await subscribe(actor, 'professional', 3);
    await setBalance(su, actor.id, 400);
    expect(await claim(actor)).toBeNull();

    // A real run counts as usage, as do the rest of the period's jobs.
    await startJob(actor.db, 'refine_image', { preset: 'general' });
    await use(actor, 237);
    expect(await claim(actor)).toBeNull(); // 239 of 300: under 80%
    await use(actor, 1);
    const eighty = await claim(actor);
    expect(eighty).toMatchObject({ threshold: '80', allowance: 300, used: 240, balance: 160 });
    expect(eighty!.period_end).not.toBeNull();
    expect(await claim(actor)).toBeNull(); // shown once

    await use(actor, 60);
    expect(await claim(actor)).toMatchObject({ threshold: '100', used: 300, balance: 100 });
    expect(await claim(actor)).toBeNull();
  });

  it('shows a warning once however many tabs ask at the same moment', async () => {
    const actor = await newActor();
    await subscribe(actor, 'starter', 1);
    await setBalance(su, actor.id, 199);
    await use(actor, 170);
    const answers = await Promise.all(Array.from({ length: 6 }, () => claim(actor)));
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(answers.find(Boolean)).toMatchObject({ threshold: '80' });
  });

  it('warns again in a new billing period', async () => {
    const actor = await newActor();
    await subscribe(actor, 'professional', 20);
    await setBalance(su, actor.id, 300);
    await use(actor, 250);
    expect(await claim(actor)).toMatchObject({ threshold: '80' });
    // The period renews (the webhook moves its start); this period's usage starts from nothing.
    await subscribe(actor, 'professional', 0);
    expect(await claim(actor)).toBeNull();
    await use(actor, 45);
    expect(await claim(actor)).toBeNull();
  });

  it('without a plan, warns once the balance cannot pay for the cheapest run, and again after credits are bought', async () => {
    const actor = await newActor(); // the trial: 5 credits, the cheapest run (Lightbox) 1
    expect(await claim(actor)).toBeNull();
    await setBalance(su, actor.id, 0);
    expect(await claim(actor)).toMatchObject({ threshold: 'cannot_pay', balance: 0, cheapest: 1, allowance: null });
    expect(await claim(actor)).toBeNull();

    await su.query(`select private.apply_credit_delta($1, 50, 'purchase')`, [actor.id]);
    expect(await claim(actor)).toBeNull();
    await setBalance(su, actor.id, 0);
    expect(await claim(actor)).toMatchObject({ threshold: 'cannot_pay' });
  });

  it('is only ever about the caller: others cannot read a user\'s warnings, and a visitor cannot ask', async () => {
    const [victim, attacker] = [await newActor(), await newActor()];
    await setBalance(su, victim.id, 0);
    expect(await claim(victim)).toMatchObject({ threshold: 'cannot_pay' });

    // The attacker's own call answers about the attacker (5 credits: nothing due) and claims nothing of the victim's.
    expect(await claim(attacker)).toBeNull();
    const { data: seen } = await attacker.db.from('credit_warnings').select('*');
    expect(seen).toEqual([]);
    const { data: own } = await victim.db.from('credit_warnings').select('threshold');
    expect(own).toEqual([{ threshold: 'cannot_pay' }]);

    // No client writes the table itself: a forged row, or clearing one to be warned again, is refused.
    const forged = await attacker.db.from('credit_warnings').insert({ user_id: attacker.id, period_start: new Date().toISOString(), threshold: '80' });
    expect(forged.error).not.toBeNull();
    await victim.db.from('credit_warnings').delete().eq('user_id', victim.id);
    const { rows } = await su.query('select count(*)::int as n from public.credit_warnings where user_id = $1', [victim.id]);
    expect(rows[0].n).toBe(1);

    const { error } = await anonClient().rpc('credit_warning');
    expect(error).not.toBeNull();
  });
});
