/**
 * Caption templates: a user's own and everyone's public ones. Public templates never show who
 * wrote them; using one counts (use_social_template) — each use of one's own, once per user of
 * someone else's — and nobody writes another's template or its count.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, pgClient } from '../helpers/clients.js';
import { newActor, type Actor } from '../data/support.js';

let su: pg.Client;
beforeAll(async () => {
  su = await pgClient();
});
afterAll(async () => {
  await su.end();
});

async function save(actor: Actor, name: string, content: string, isPublic: boolean): Promise<string> {
  const { data, error } = await actor.db.from('social_templates').insert({ user_id: actor.id, name, content, hashtags: [], is_public: isPublic }).select('id').single();
  if (error) throw new Error(error.message);
  return data.id as string;
}
const usage = async (id: string) => (await su.query<{ n: number }>('select usage_count as n from public.social_templates where id = $1', [id])).rows[0]!.n;

describe('caption templates', () => {
  it('a public template is used by others without its author; counted once per other user, every time by its author', async () => {
    const [author, reader] = [await newActor(), await newActor()];
    const shared = await save(author, `Weekend sale ${author.id.slice(0, 6)}`, '{product} is on sale this weekend #sale', true);
    const secret = await save(author, 'Mine only', 'Private words', false);

    const { data: seen } = await reader.db.from('public_social_templates').select('*').eq('id', shared);
    expect(seen).toHaveLength(1);
    expect(Object.keys(seen![0]!)).not.toContain('user_id');
    expect((await reader.db.from('social_templates').select('id').in('id', [shared, secret])).data).toEqual([]);

    for (let i = 0; i < 3; i++) {
      const { data, error } = await reader.db.rpc('use_social_template', { p_id: shared });
      expect(error).toBeNull();
      expect(data).toMatchObject({ id: shared, content: '{product} is on sale this weekend #sale' });
      expect(Object.keys(data as object)).not.toContain('user_id');
    }
    expect(await usage(shared)).toBe(1);
    await author.db.rpc('use_social_template', { p_id: shared });
    await author.db.rpc('use_social_template', { p_id: shared });
    expect(await usage(shared)).toBe(3);

    // A private template is nobody else's to use.
    const { error } = await reader.db.rpc('use_social_template', { p_id: secret });
    expect(error?.code).toBe('PT404');
    expect(await usage(secret)).toBe(0);
  });

  it("nobody writes another's template, its author or its count, and a visitor cannot use one", async () => {
    const [author, attacker] = [await newActor(), await newActor()];
    const id = await save(author, 'Launch', 'Meet {product}', true);
    await attacker.db.from('social_templates').update({ content: 'Buy from my shop instead' }).eq('id', id);
    await attacker.db.from('social_templates').delete().eq('id', id);
    expect((await su.query('select content from public.social_templates where id = $1', [id])).rows).toEqual([{ content: 'Meet {product}' }]);
    // Not under someone else's name, and the count is not a column anyone sets.
    expect((await attacker.db.from('social_templates').insert({ user_id: author.id, name: 'Forged', content: 'x' })).error).not.toBeNull();
    expect((await attacker.db.from('social_templates').insert({ user_id: attacker.id, name: 'Popular', content: 'x', usage_count: 1_000_000 })).error).not.toBeNull();
    expect((await author.db.from('social_templates').update({ usage_count: 99 }).eq('id', id)).error).not.toBeNull();
    expect(await usage(id)).toBe(0);
    expect((await anonClient().rpc('use_social_template', { p_id: id })).error).not.toBeNull();
  });

  it('keeps at most 200 templates per user', async () => {
    const actor = await newActor();
    await su.query(`insert into public.social_templates (user_id, name, content) select $1, 'T' || i, 'x' from generate_series(1, 199) i`, [actor.id]);
    await save(actor, 'The 200th', 'x', false);
    const { error } = await actor.db.from('social_templates').insert({ user_id: actor.id, name: 'One too many', content: 'x' });
    expect(error?.message).toBe('You can keep up to 200 caption templates. Delete one to save another.');
  });
});
