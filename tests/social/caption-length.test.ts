/**
 * social-post measures each caption as its platform does (the count the composer shows): X weighs
 * an emoji 2 and a link 23, so a caption of 276 characters is 282 on X. Such a caption is refused
 * before anything is stored or sent; one that X counts at 280 is posted, and X's stand-in agrees.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pgClient } from '../helpers/clients.js';
import { newActor } from '../data/support.js';
import { callFunction, connected, jpeg, libraryItem } from './support.js';

let su: pg.Client;
beforeAll(async () => {
  su = await pgClient();
});
afterAll(async () => {
  await su.end();
});

async function xPostsWith(marker: string): Promise<number> {
  const res = await fetch(`${inject('devstack').platforms_url}/_devstack/posts`);
  const body = (await res.json()) as { posts?: { text?: string }[] } | { text?: string }[];
  const list = Array.isArray(body) ? body : (body.posts ?? []);
  return list.filter((p) => typeof p.text === 'string' && p.text.includes(marker)).length;
}

describe('caption length, as each platform counts it', () => {
  it('refuses a caption X counts over 280 with 400 caption_too_long, storing and sending nothing', async () => {
    const actor = await newActor();
    const x = (await connected('twitter', actor)).id;
    const content = await libraryItem(su, actor, await jpeg(800, 800), 'image/jpeg', { width: 800, height: 800 });
    const marker = randomUUID().slice(0, 8);
    const text = `${marker} ${'Cold pressed olive oil from Crete. '.repeat(10)}`.slice(0, 270);
    const caption = `${text}🫒🫒🫒🫒🫒🫒`;
    expect([...caption]).toHaveLength(276);

    const refused = await callFunction(actor, 'social-post', { content_id: content, posts: [{ account_id: x, caption }] });
    expect(refused).toMatchObject({ status: 400, body: { code: 'caption_too_long', error: 'X: Caption is 282 characters as X counts them; the limit is 280.' } });
    expect((await actor.db.from('social_posts').select('id')).data).toHaveLength(0);
    expect(await xPostsWith(marker)).toBe(0);
  });

  it('posts a caption X counts at exactly 280, a link counting 23 whatever its length', async () => {
    const actor = await newActor();
    const x = (await connected('twitter', actor)).id;
    const content = await libraryItem(su, actor, await jpeg(800, 800), 'image/jpeg', { width: 800, height: 800 });
    const marker = randomUUID().slice(0, 8);
    const link = `https://shop.example.com/products/cretan-estate-olive-oil?ref=${marker}`;
    const text = `${marker} ${'Cold pressed olive oil. '.repeat(10)}`;
    expect(text).toHaveLength(249);
    // 249 characters, a space, a 70-character link counted 23, a space, three emoji counted 2 each: 280.
    const caption = `${text} ${link} 🫒🫒🫒`;
    const posted = await callFunction(actor, 'social-post', { content_id: content, posts: [{ account_id: x, caption }] });
    expect(posted).toMatchObject({ status: 200, body: { success: true } });
    expect(await xPostsWith(marker)).toBe(1);
  });

  it('counts characters on Instagram: 2,201 are refused', async () => {
    const actor = await newActor();
    const ig = (await connected('instagram', actor)).id;
    const content = await libraryItem(su, actor, await jpeg(1080, 1350), 'image/jpeg', { width: 1080, height: 1350 });
    const refused = await callFunction(actor, 'social-post', { content_id: content, posts: [{ account_id: ig, caption: 'a'.repeat(2201) }] });
    expect(refused).toMatchObject({ status: 400, body: { code: 'caption_too_long', error: 'Instagram: Caption is 2,201 characters; the limit is 2,200.' } });
    expect((await actor.db.from('social_posts').select('id')).data).toHaveLength(0);
  });
});
