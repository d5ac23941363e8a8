// The five platforms' OAuth as the functions speak it: where to send the user, how to trade the
// code for tokens (each platform's parameter names and client authentication), and how to read the
// connected account. Real hosts by default; SOCIAL_PLATFORMS_URL points every platform at the
// devstack's stand-ins (`<url>/<platform>` + the same paths). App credentials come from
// SOCIAL_<PLATFORM>_CLIENT_ID / _CLIENT_SECRET.
import { base64url } from './base64url.ts';
import { describeError } from './redact.ts';

export type Platform = 'instagram' | 'facebook' | 'twitter' | 'tiktok' | 'pinterest';
export const PLATFORMS: readonly Platform[] = ['instagram', 'facebook', 'twitter', 'tiktok', 'pinterest'];

interface Spec {
  hosts: { authorize: string; token: string; api: string };
  authorizePath: string;
  tokenPath: string;
  scopes: string[];
  scopeSeparator: ' ' | ',';
  clientIdParam: 'client_id' | 'client_key';
  clientAuth: 'basic' | 'body';
  pkce: boolean;
  /** Facebook's token endpoint is a GET with the parameters in the query. */
  tokenMethod: 'POST' | 'GET';
  profilePath: string;
}

const SPECS: Record<Platform, Spec> = {
  instagram: {
    hosts: { authorize: 'https://www.instagram.com', token: 'https://api.instagram.com', api: 'https://graph.instagram.com' },
    authorizePath: '/oauth/authorize', tokenPath: '/oauth/access_token',
    scopes: ['instagram_business_basic', 'instagram_business_content_publish', 'instagram_business_manage_insights'], scopeSeparator: ',',
    clientIdParam: 'client_id', clientAuth: 'body', pkce: false, tokenMethod: 'POST',
    profilePath: '/v21.0/me?fields=user_id,username,name,followers_count,follows_count,media_count',
  },
  facebook: {
    hosts: { authorize: 'https://www.facebook.com', token: 'https://graph.facebook.com', api: 'https://graph.facebook.com' },
    authorizePath: '/v21.0/dialog/oauth', tokenPath: '/v21.0/oauth/access_token',
    scopes: ['pages_show_list', 'pages_manage_posts', 'pages_read_engagement', 'read_insights'], scopeSeparator: ',',
    clientIdParam: 'client_id', clientAuth: 'body', pkce: false, tokenMethod: 'GET',
    profilePath: '/v21.0/me/accounts?fields=id,name,access_token,tasks',
  },
  twitter: {
    hosts: { authorize: 'https://x.com', token: 'https://api.x.com', api: 'https://api.x.com' },
    authorizePath: '/i/oauth2/authorize', tokenPath: '/2/oauth2/token',
    scopes: ['tweet.read', 'tweet.write', 'users.read', 'media.write', 'offline.access'], scopeSeparator: ' ',
    clientIdParam: 'client_id', clientAuth: 'basic', pkce: true, tokenMethod: 'POST',
    profilePath: '/2/users/me?user.fields=public_metrics',
  },
  tiktok: {
    hosts: { authorize: 'https://www.tiktok.com', token: 'https://open.tiktokapis.com', api: 'https://open.tiktokapis.com' },
    authorizePath: '/v2/auth/authorize/', tokenPath: '/v2/oauth/token/',
    scopes: ['user.info.basic', 'user.info.stats', 'video.publish', 'video.upload'], scopeSeparator: ',',
    clientIdParam: 'client_key', clientAuth: 'body', pkce: true, tokenMethod: 'POST',
    profilePath: '/v2/user/info/?fields=open_id,username,display_name,follower_count,following_count,video_count',
  },
  pinterest: {
    hosts: { authorize: 'https://www.pinterest.com', token: 'https://api.pinterest.com', api: 'https://api.pinterest.com' },
    authorizePath: '/oauth/', tokenPath: '/v5/oauth/token',
    scopes: ['boards:read', 'boards:write', 'pins:read', 'pins:write', 'user_accounts:read'], scopeSeparator: ',',
    clientIdParam: 'client_id', clientAuth: 'basic', pkce: false, tokenMethod: 'POST',
    profilePath: '/v5/user_account',
  },
};

export const isPlatform = (value: unknown): value is Platform => typeof value === 'string' && (PLATFORMS as readonly string[]).includes(value);

/** A platform endpoint: the real host, or the devstack's stand-in when SOCIAL_PLATFORMS_URL is set. */
export function url(platform: Platform, host: keyof Spec['hosts'], path: string): string {
  const local = Deno.env.get('SOCIAL_PLATFORMS_URL');
  return local ? `${local.replace(/\/+$/, '')}/${platform}${path}` : `${SPECS[platform].hosts[host]}${path}`;
}

function client(platform: Platform) {
  const name = platform.toUpperCase();
  const id = Deno.env.get(`SOCIAL_${name}_CLIENT_ID`);
  const secret = Deno.env.get(`SOCIAL_${name}_CLIENT_SECRET`);
  if (!id || !secret) throw new Error(`SOCIAL_${name}_CLIENT_ID and _CLIENT_SECRET are not set`);
  return { id, secret };
}

/** Whether the app has credentials for the platform (a platform without them is shown as unavailable). */
export function configured(platform: Platform): boolean {
  const name = platform.toUpperCase();
  return !!Deno.env.get(`SOCIAL_${name}_CLIENT_ID`) && !!Deno.env.get(`SOCIAL_${name}_CLIENT_SECRET`);
}

/** S256 of a verifier, base64url. */
async function challengeOf(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  return base64url(digest);
}

export async function authorizeUrl(platform: Platform, opts: { state: string; redirectUri: string; verifier: string }): Promise<string> {
  const spec = SPECS[platform];
  const params = new URLSearchParams({
    [spec.clientIdParam]: client(platform).id,
    redirect_uri: opts.redirectUri,
    response_type: 'code',
    scope: spec.scopes.join(spec.scopeSeparator),
    state: opts.state,
  });
  if (spec.pkce) {
    params.set('code_challenge', await challengeOf(opts.verifier));
    params.set('code_challenge_method', 'S256');
  }
  return `${url(platform, 'authorize', spec.authorizePath)}?${params}`;
}

export interface Tokens {
  accessToken: string;
  refreshToken: string | null;
  /** Seconds; the SPEC's fallback of one hour when the platform says nothing. */
  expiresIn: number;
  scope: string | null;
}

export class PlatformError extends Error {
  constructor(
    readonly platform: Platform,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`${platform} answered ${status}`);
  }
}

/** Every call to a platform's OAuth or profile endpoints ends within this long. */
export const PLATFORM_TIMEOUT_MS = 10_000;

/** The platform could not be reached (or did not answer in time); no URL in the message. */
export class PlatformUnreachable extends Error {
  constructor(readonly platform: Platform, cause: unknown) {
    super(`${platform} could not be reached: ${describeError(cause)}`);
  }
}

/** fetch with the platform timeout; a network failure says which platform, never the URL (tokens ride in some queries). */
async function platformFetch(platform: Platform, input: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(input, { ...init, signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS) });
  } catch (err) {
    throw new PlatformUnreachable(platform, err);
  }
}

async function readJson(platform: Platform, res: Response): Promise<Record<string, unknown>> {
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok || !body) throw new PlatformError(platform, res.status, body);
  return body;
}

/** The app's credentials on a token-endpoint request, where the platform wants them (Basic header or the form); the request's headers. */
function authenticate(platform: Platform, form: URLSearchParams): Record<string, string> {
  const spec = SPECS[platform];
  const app = client(platform);
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' };
  if (spec.clientAuth === 'basic') headers.Authorization = `Basic ${btoa(`${app.id}:${app.secret}`)}`;
  else {
    form.set(spec.clientIdParam, app.id);
    form.set('client_secret', app.secret);
  }
  return headers;
}

export async function exchangeCode(platform: Platform, opts: { code: string; redirectUri: string; verifier: string }): Promise<Tokens> {
  const spec = SPECS[platform];
  const form = new URLSearchParams({ grant_type: 'authorization_code', code: opts.code, redirect_uri: opts.redirectUri });
  if (spec.pkce) form.set('code_verifier', opts.verifier);
  const headers = authenticate(platform, form);
  const endpoint = url(platform, 'token', spec.tokenPath);
  const res = spec.tokenMethod === 'GET'
    ? await platformFetch(platform, `${endpoint}?${form}`, { headers: { Accept: 'application/json' } })
    : await platformFetch(platform, endpoint, { method: 'POST', headers, body: form });
  const body = await readJson(platform, res);
  if (typeof body.access_token !== 'string') throw new PlatformError(platform, res.status, body);
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    expiresIn: typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600,
    scope: typeof body.scope === 'string' ? body.scope : Array.isArray(body.permissions) ? body.permissions.join(',') : null,
  };
}

export interface Account {
  accountId: string;
  username: string;
  followers: number;
  following: number;
  posts: number;
  /** Facebook: the Page's own token, which is what posts to the Page. */
  pageToken?: string;
}

export async function fetchAccount(platform: Platform, accessToken: string): Promise<Account> {
  const res = await platformFetch(platform, url(platform, 'api', SPECS[platform].profilePath), { headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' } });
  const b = await readJson(platform, res);
  const n = (v: unknown) => (typeof v === 'number' && v >= 0 ? Math.floor(v) : 0);
  switch (platform) {
    case 'instagram':
      return { accountId: String(b.user_id ?? b.id), username: String(b.username), followers: n(b.followers_count), following: n(b.follows_count), posts: n(b.media_count) };
    case 'facebook': {
      const page = ((b.data as Record<string, unknown>[] | undefined) ?? []).find((p) => Array.isArray(p.tasks) && p.tasks.includes('CREATE_CONTENT'));
      if (!page) throw new PlatformError(platform, 403, { error: { message: 'No Facebook Page you can post to was shared with Shotcraft.' } });
      return { accountId: String(page.id), username: String(page.name), followers: 0, following: 0, posts: 0, pageToken: String(page.access_token) };
    }
    case 'twitter': {
      const d = b.data as Record<string, unknown>;
      const m = (d.public_metrics ?? {}) as Record<string, unknown>;
      return { accountId: String(d.id), username: String(d.username), followers: n(m.followers_count), following: n(m.following_count), posts: n(m.tweet_count) };
    }
    case 'tiktok': {
      const u = (b.data as { user: Record<string, unknown> }).user;
      return { accountId: String(u.open_id), username: String(u.username ?? u.display_name), followers: n(u.follower_count), following: n(u.following_count), posts: n(u.video_count) };
    }
    case 'pinterest':
      return { accountId: String(b.id ?? b.username), username: String(b.username), followers: n(b.follower_count), following: n(b.following_count), posts: n(b.pin_count) };
  }
}

/** A new access token from the stored refresh token (Instagram: from the long-lived token itself). */
export async function refreshTokens(platform: Platform, current: { accessToken: string; refreshToken: string | null }): Promise<Tokens> {
  const spec = SPECS[platform];
  if (platform === 'instagram') {
    const res = await platformFetch(platform, url(platform, 'api', `/refresh_access_token?grant_type=ig_refresh_token&access_token=${encodeURIComponent(current.accessToken)}`));
    const body = await readJson(platform, res);
    return { accessToken: String(body.access_token), refreshToken: null, expiresIn: typeof body.expires_in === 'number' ? body.expires_in : 3600, scope: null };
  }
  // A Facebook Page token does not expire while the user's grant stands; when it dies, reconnect.
  if (!current.refreshToken || platform === 'facebook') throw new PlatformError(platform, 401, { error: 'no refresh token' });
  const form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: current.refreshToken });
  const headers = authenticate(platform, form);
  const res = await platformFetch(platform, url(platform, 'token', spec.tokenPath), { method: 'POST', headers, body: form });
  const body = await readJson(platform, res);
  if (typeof body.access_token !== 'string') throw new PlatformError(platform, res.status, body);
  return {
    accessToken: body.access_token,
    // Platforms that do not rotate send the same refresh token back (or none): keep the one we have.
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : current.refreshToken,
    expiresIn: typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600,
    scope: typeof body.scope === 'string' ? body.scope : null,
  };
}

/**
 * Withdraws the app's access where the platform has an API for it (X, TikTok; RFC 7009 style).
 * Instagram, Facebook Pages and Pinterest have none for these tokens: deleting them is all there is.
 * True when the platform confirmed it.
 */
export async function revokeTokens(platform: Platform, tokens: { accessToken: string | null; refreshToken: string | null }): Promise<boolean> {
  const path = platform === 'twitter' ? '/2/oauth2/revoke' : platform === 'tiktok' ? '/v2/oauth/revoke/' : null;
  const token = tokens.refreshToken ?? tokens.accessToken;
  if (!path || !token) return false;
  const form = new URLSearchParams({ token, token_type_hint: tokens.refreshToken ? 'refresh_token' : 'access_token' });
  const headers = authenticate(platform, form);
  const res = await platformFetch(platform, url(platform, 'token', path), { method: 'POST', headers, body: form });
  await res.body?.cancel();
  return res.ok;
}
