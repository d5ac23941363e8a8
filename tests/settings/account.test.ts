/**
 * Settings → Profile against the devstack: the profile a user edits, the avatars bucket, the
 * e-mail change through the inbox, the other sessions, and closing an account (delete-account).
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type pg from 'pg';
import { createUser, pgClient, serviceClient, signIn, uniqueEmail } from '../helpers/clients.js';
import { newActor, setBalance, startJob, completeJob, type Actor } from '../data/support.js';

const { inbox_url } = inject('devstack');
let su: pg.Client;
beforeAll(async () => {
  su = await pgClient();
});
afterAll(async () => {
  await su.end();
});

const png = () => sharp({ create: { width: 32, height: 32, channels: 3, background: '#3366ff' } }).png().toBuffer();

async function invokeDelete(actor: Actor, confirm: string) {
  const { data, error } = await actor.db.functions.invoke('delete-account', { body: { confirm_email: confirm } });
  const status = (error as { context?: Response } | null)?.context?.status ?? 200;
  return { status, data };
}

describe('profile', () => {
  it('saves the editable fields and refuses the billing ones', async () => {
    const a = await newActor();
    const saved = await a.db.from('profiles').update({ first_name: 'Nora', last_name: 'Lind', company: 'Mug Co', role: 'founder', team_size: 'small', use_case: 'product' }).eq('user_id', a.id);
    expect(saved.error).toBeNull();
    const { data } = await a.db.from('profiles').select('first_name, company, role').single();
    expect(data).toEqual({ first_name: 'Nora', company: 'Mug Co', role: 'founder' });
    const credits = await a.db.from('profiles').update({ credits: 1000 }).eq('user_id', a.id);
    expect(credits.error?.code).toBe('42501');
    const badRole = await a.db.from('profiles').update({ role: 'astronaut' }).eq('user_id', a.id);
    expect(badRole.error?.code).toBe('23514');
  });
});

describe('avatars bucket', () => {
  it('takes an image into the own folder, serves it publicly, and refuses other folders, other types and big files', async () => {
    const a = await newActor();
    const b = await newActor();
    const bucket = a.db.storage.from('avatars');
    const own = await bucket.upload(`${a.id}/avatar-1.png`, await png(), { contentType: 'image/png' });
    expect(own.error).toBeNull();
    const publicUrl = bucket.getPublicUrl(`${a.id}/avatar-1.png`).data.publicUrl;
    const res = await fetch(publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');

    const foreign = await bucket.upload(`${b.id}/avatar-1.png`, await png(), { contentType: 'image/png' });
    expect(foreign.error).not.toBeNull();
    const text = await bucket.upload(`${a.id}/notes.txt`, Buffer.from('hello'), { contentType: 'text/plain' });
    expect(text.error).not.toBeNull();
    const big = await bucket.upload(`${a.id}/big.png`, Buffer.alloc(6 * 1024 * 1024, 1), { contentType: 'image/png' });
    expect(big.error).not.toBeNull();
  });
});

describe('e-mail change', () => {
  it('changes the address only when the link sent to the new address is opened', async () => {
    const a = await newActor();
    const next = uniqueEmail('changed');
    const asked = await a.db.auth.updateUser({ email: next });
    expect(asked.error).toBeNull();
    // Not yet: the account still signs in with the old address.
    expect((await a.db.auth.getUser()).data.user?.email).toBe(a.user.email);

    const mails = (await (await fetch(`${inbox_url}/api/messages?to=${encodeURIComponent(next)}`)).json()) as { subject: string; links: { url: string }[] }[];
    const mail = mails.find((m) => m.subject === 'Confirm your new email address');
    expect(mail).toBeDefined();
    const followed = await fetch(mail!.links[0]!.url, { redirect: 'manual' });
    expect(followed.status).toBe(303);

    const { data } = await serviceClient().auth.admin.getUserById(a.id);
    expect(data.user?.email).toBe(next);
    await expect(signIn(next, a.user.password)).resolves.toBeDefined();
    // the profile follows the auth address
    const row = await su.query<{ email: string }>('select email from public.profiles where user_id = $1', [a.id]);
    expect(row.rows[0]!.email).toBe(next);
  });
});

describe('other sessions', () => {
  it('signs out every other session and keeps this one', async () => {
    const user = await createUser();
    const here = await signIn(user.email, user.password);
    const there = await signIn(user.email, user.password);
    const { error } = await here.auth.signOut({ scope: 'others' });
    expect(error).toBeNull();
    expect((await here.auth.getUser()).data.user?.id).toBe(user.id);
    const refreshed = await there.auth.refreshSession();
    expect(refreshed.error).not.toBeNull();
  });
});

describe('delete-account', () => {
  it('refuses without the account e-mail typed, changing nothing', async () => {
    const a = await newActor();
    const wrong = await invokeDelete(a, 'someone@example.com');
    expect(wrong.status).toBe(400);
    const empty = await invokeDelete(a, '');
    expect(empty.status).toBe(400);
    const { data } = await serviceClient().auth.admin.getUserById(a.id);
    expect(data.user?.id).toBe(a.id);
  });

  it('removes the user, their rows and files, keeps the ledger anonymised and balanced to zero', async () => {
    const a = await newActor({ full_name: 'Dora Delete' });
    const other = await newActor();
    await setBalance(su, a.id, 40);
    const job = await startJob(a.db, 'lightbox', { title: 'Mug' });
    expect((await completeJob(a.id, job.job_id)).error).toBeNull();
    const service = serviceClient();
    // files in every bucket that holds user files, one in a sub-folder
    await a.db.storage.from('raw-uploads').upload(`${a.id}/originals/mug.png`, await png(), { contentType: 'image/png' });
    await a.db.storage.from('avatars').upload(`${a.id}/avatar-1.png`, await png(), { contentType: 'image/png' });
    await service.storage.from('processed').upload(`${a.id}/Lightbox/images/${job.job_id}.png`, await png(), { contentType: 'image/png' });
    await service.storage.from('videos').upload(`${a.id}/360 Spin/${randomUUID()}.mp4`, Buffer.from('00000018667479706d703432', 'hex'), { contentType: 'video/mp4' });
    await other.db.storage.from('avatars').upload(`${other.id}/avatar-1.png`, await png(), { contentType: 'image/png' });
    await su.query(`insert into public.analytics_events (user_id, event_type, event_data) values ($1, 'error_occurred', '{"message":"x"}')`, [a.id]);
    const ledgerRows = (await su.query('select id from public.credit_ledger where user_id = $1', [a.id])).rowCount;

    const done = await invokeDelete(a, a.user.email.toUpperCase());
    expect(done.status).toBe(200);
    expect(done.data).toMatchObject({ success: true, files_removed: 4 });

    expect((await service.auth.admin.getUserById(a.id)).error).not.toBeNull();
    // no row anywhere carries the user's id
    const tables = await su.query<{ table_name: string }>(
      `select table_name from information_schema.columns where table_schema = 'public' and column_name = 'user_id'`,
    );
    for (const { table_name } of tables.rows) {
      const { rows } = await su.query(`select count(*)::int as n from public.${table_name} where user_id = $1`, [a.id]);
      expect(rows[0].n, table_name).toBe(0);
    }
    for (const bucket of ['raw-uploads', 'processed', 'videos', 'thumbnails', 'avatars']) {
      const { rows } = await su.query(`select count(*)::int as n from storage.objects where bucket_id = $1 and name like $2`, [bucket, `${a.id}/%`]);
      expect(rows[0].n, bucket).toBe(0);
    }
    // the ledger: every row kept, anonymised under one reference, closed to zero
    const ledger = await su.query<{ refs: number; rows: number; total: number; closing: number }>(
      `select count(distinct account_ref)::int as refs, count(*)::int as rows, sum(delta)::int as total,
              sum(case when reason = 'account_closed' then delta else 0 end)::int as closing
         from public.credit_ledger where user_id is null and account_ref = (
           select account_ref from public.credit_ledger where job_id = $1 and reason = 'job_debit')`,
      [job.job_id],
    );
    expect(ledger.rows[0]).toEqual({ refs: 1, rows: ledgerRows! + 1, total: 0, closing: -(40 - job.cost) });
    // someone else's avatar is still there
    const kept = await su.query(`select count(*)::int as n from storage.objects where bucket_id = 'avatars' and name like $1`, [`${other.id}/%`]);
    expect(kept.rows[0].n).toBe(1);
  });

  it('a user deleted outside the app (auth admin API, the dashboard) is closed the same way: ledger kept anonymised at zero', async () => {
    const a = await newActor();
    await setBalance(su, a.id, 40);
    const before = (await su.query<{ id: string }>('select id from public.credit_ledger where user_id = $1', [a.id])).rows.map((r) => r.id);
    const { error } = await serviceClient().auth.admin.deleteUser(a.id);
    expect(error).toBeNull();
    expect((await su.query('select count(*)::int as n from public.profiles where user_id = $1', [a.id])).rows[0].n).toBe(0);
    const ledger = await su.query<{ refs: number; total: number }>(
      `select count(distinct account_ref)::int as refs, sum(delta)::int as total from public.credit_ledger
        where user_id is null and account_ref = (select account_ref from public.credit_ledger where id = $1)`,
      [before[0]],
    );
    expect(ledger.rows[0]).toEqual({ refs: 1, total: 0 });
  });
});
