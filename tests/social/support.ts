/**
 * Driving the social functions as the app does: a signed-in user's function calls, the consent
 * page of a platform's stand-in (Allow or Cancel), a connected account in one step, and the
 * stand-in's test controls.
 */
import { createDecipheriv, randomUUID } from 'node:crypto';
import type pg from 'pg';
import sharp from 'sharp';
import { expect, inject } from 'vitest';
import { SOCIAL_TOKEN_KEY } from '@shotcraft/devstack/src/core/config.ts';
import { serviceClient } from '../helpers/clients.js';
import type { PlatformId } from '@shotcraft/devstack/src/platforms/catalog.ts';
import { newActor, type Actor } from '../data/support.js';

export const ORIGIN = 'http://127.0.0.1:5173';

/** POST to a function as the actor; its status and JSON. */
export async function callFunction(actor: Actor, name: string, body: unknown, headers: Record<string, string> = {}) {
  const { api_url, anon_key } = inject('devstack');
  const token = (await actor.db.auth.getSession()).data.session!.access_token;
  const res = await fetch(`${api_url}/functions/v1/${name}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, apikey: anon_key, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { url?: string; error?: string } };
}

export const connect = (actor: Actor, platform: PlatformId, origin = ORIGIN) =>
  callFunction(actor, 'social-connect', { platform, return_path: '/settings?tab=accounts' }, { Origin: origin });

/**
 * The user on the consent page: its form posted with Allow (or Cancel), the redirect followed to the
 * callback and from there back to the app. The app then finishes with its session: `finish(actor)`
 * is what the browser of `actor` does with the ticket the callback handed back.
 */
export async function consent(authorizeUrl: string, decision: 'allow' | 'deny' = 'allow') {
  const url = new URL(authorizeUrl);
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const toCallback = await fetch(url.origin + url.pathname, { method: 'POST', body: new URLSearchParams({ ...Object.fromEntries(url.searchParams), decision }), redirect: 'manual' });
  const callback = toCallback.headers.get('location')!;
  const toApp = await fetch(callback, { redirect: 'manual' });
  const location = toApp.headers.get('location');
  const ticket = location ? new URL(location).searchParams.get('connect_ticket') : null;
  return {
    callback,
    status: toApp.status,
    location,
    ticket,
    finish: (actor: Actor, origin = ORIGIN) => callFunction(actor, 'social-connect-finish', { ticket }, { Origin: origin }),
  };
}

/** Allows the consent and finishes as `actor`, as the app does; the finish step's answer. */
export async function allow(actor: Actor, authorizeUrl: string) {
  const done = await consent(authorizeUrl);
  const finished = await done.finish(actor);
  expect(finished.status).toBe(200);
  return finished;
}

/** Connects the platform for the actor (a new one when none is given); the account's id. */
export async function connected(platform: PlatformId, actor?: Actor): Promise<{ actor: Actor; id: string }> {
  const who = actor ?? (await newActor());
  const started = await connect(who, platform);
  // A refusal says why in the failure, not as an "Invalid URL" further on.
  expect(started, `social-connect for ${platform}`).toMatchObject({ status: 200, body: { url: expect.any(String) } });
  await allow(who, started.body.url!);
  const { data } = await who.db.from('social_accounts').select('id').eq('platform', platform).single();
  return { actor: who, id: data!.id as string };
}

/** Opens a sealed token as the functions do (AES-256-GCM, `v1.<iv>.<ciphertext+tag>`), for a test to use it at the platform. */
export function openSealed(sealed: string): string {
  const [, iv, data] = sealed.split('.');
  const bytes = Buffer.from(data!, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(SOCIAL_TOKEN_KEY, 'base64'), Buffer.from(iv!, 'base64url'));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString();
}

/**
 * Ends one connected account's access tokens at the platform's stand-in (and with `refresh`, its
 * refresh tokens): only that connection's, so tests running side by side do not disturb each other.
 */
export async function expire(su: pg.Client, accountId: string, refresh = false) {
  const { platform, token } = await connectionOf(su, accountId);
  const res = await fetch(`${inject('devstack').platforms_url}/_devstack/expire`, { method: 'POST', body: JSON.stringify({ platform, refresh, token }) });
  expect(((await res.json()) as { expired: number }).expired).toBeGreaterThan(0);
}

/**
 * The platform's next answer to this account's connection is the failure asked for (kind as
 * `/_devstack/fail` takes it). Never platform-wide: files run side by side on one devstack and
 * another file's request would take the failure.
 */
export async function failNext(su: pg.Client, accountId: string, kind: string, times = 1) {
  const { platform, token } = await connectionOf(su, accountId);
  const res = await fetch(`${inject('devstack').platforms_url}/_devstack/fail`, { method: 'POST', body: JSON.stringify({ platform, token, kind, times }) });
  expect(res.status).toBe(200);
}

/** A connected account's platform and its access token as the platform knows it (opened), read as superuser. */
async function connectionOf(su: pg.Client, accountId: string): Promise<{ platform: string; token: string }> {
  const { rows } = await su.query<{ platform: string; access_token: string }>('select platform, access_token from public.social_accounts where id = $1', [accountId]);
  const { platform, access_token } = rows[0]!;
  return { platform, token: openSealed(access_token) };
}

export const jpeg = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#c0a080' } }).jpeg({ quality: 80 }).toBuffer();
export const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#80a0c0' } }).png().toBuffer();

/** A finished library item of the actor's with its file in storage; its content id. */
export async function libraryItem(su: pg.Client, actor: Actor, file: Buffer, mime: string, size: { width: number; height: number }): Promise<string> {
  const ext = mime.split('/')[1];
  const bucket = mime.startsWith('video/') ? 'videos' : 'processed';
  const objectPath = `${actor.id}/Refine Image/${randomUUID()}.${ext}`;
  const up = await serviceClient().storage.from(bucket).upload(objectPath, file, { contentType: mime });
  expect(up.error).toBeNull();
  const { rows } = await su.query<{ id: string }>(
    `insert into public.content_generations (user_id, content_type, product_name, bucket, storage_path, mime_type, bytes, width, height)
     values ($1, $2, 'Ceramic Mug', $3, $4, $5, $6, $7, $8) returning id`,
    [actor.id, mime.startsWith('video/') ? 'ugc_video' : 'refine_image', bucket, objectPath, mime, file.length, size.width, size.height],
  );
  return rows[0]!.id;
}
