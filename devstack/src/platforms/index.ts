/**
 * Local stand-ins for the five social platforms, on their own port (config.platformsPort), for
 * machines that cannot reach them. Each platform lives under `/<platform>` with its real paths:
 *
 *   authorize   a one-click consent page → redirect_uri?code&state (or error=access_denied)
 *   token       authorization_code (PKCE where the platform uses it) and refresh_token grants with
 *               expiry and, on X, rotation (a used refresh token is dead); Instagram's long-lived
 *               refresh (`/refresh_access_token`); revocation on X and TikTok
 *   profile     the account the token belongs to (IG /me, FB /me and /me/accounts, X /2/users/me,
 *               TikTok /v2/user/info/, Pinterest /v5/user_account)
 *
 * Tokens are checked as the platforms check them and refused in each one's own error shape.
 * `/_devstack/…` lets tests expire an account's tokens. Publishing arrives with the social posting
 * work (issue 18).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { html, raw } from '../inbox/html.js';
import { ownPortServer } from '../core/own-port.js';
import type { DevstackContext, Service, ServiceFactory } from '../core/types.js';
import { localClient, PLATFORM_IDS, PLATFORMS, type Grant, type PlatformId, type PlatformSpec } from './catalog.js';

interface CodeRecord {
  platform: PlatformId;
  clientId: string;
  redirectUri: string;
  scope: string;
  challenge: string | null;
  method: string | null;
  accountId: string;
  expiresAt: number;
}

interface TokenRecord {
  platform: PlatformId;
  accountId: string;
  scope: string;
  kind: 'access' | 'refresh';
  expiresAt: number;
  /** A rotated refresh token, or a revoked token. */
  dead: boolean;
}

interface State {
  codes: Record<string, CodeRecord>;
  tokens: Record<string, TokenRecord>;
}

const now = () => Math.floor(Date.now() / 1000);
const token = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}
function sendPage(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 1024 * 1024) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function consentPage(spec: PlatformSpec, params: URLSearchParams, error?: string): string {
  const hidden = [...params].map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`);
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Log in with ${spec.name}</title><style>${raw(`
  :root { color-scheme: light dark; } * { box-sizing: border-box; }
  body { margin:0; min-height:100vh; display:grid; place-items:center; font:15px/1.5 system-ui, sans-serif; background:#f2f2f5; color:#14171a; }
  @media (prefers-color-scheme: dark) { body { background:#111; color:#eee; } main { background:#1c1c1f !important; } }
  main { width:min(420px, 100vw - 24px); background:#fff; border-radius:16px; padding:28px; }
  .note { font-size:12px; background:#fff4cc; color:#4d3a00; border-radius:8px; padding:6px 10px; }
  h1 { font-size:21px; margin:12px 0 4px; } ul { padding-left:18px; }
  .row { display:flex; gap:12px; margin-top:20px; } button { font:inherit; font-weight:600; border-radius:999px; padding:10px 20px; cursor:pointer; }
  .allow { background:#1d4ed8; color:#fff; border:0; } .deny { background:transparent; color:inherit; border:1px solid #999; }
  button:focus-visible { outline:3px solid #1d4ed8; outline-offset:2px; } .error { color:#b91c1c; font-weight:600; }
`)}</style></head><body><main>
<p class="note" role="note">Local ${spec.name} stand-in · stands for ${spec.hosts.authorize}</p>
<h1>Shotcraft wants to access your ${spec.name} account</h1>
<p>Continue as <strong>@${spec.demo.username}</strong> (${spec.demo.name}).</p>
<p>It will be able to: </p><ul>${(params.get('scope') ?? '').split(/[ ,]+/).filter(Boolean).map((s) => html`<li>${s}</li>`)}</ul>
${error ? html`<p class="error" role="alert">${error}</p>` : ''}
<form method="post"><div class="row">${hidden}<button class="allow" name="decision" value="allow">Allow</button><button class="deny" name="decision" value="deny">Cancel</button></div></form>
</main></body></html>`.value;
}

export function createPlatformsHandler(ctx: DevstackContext) {
  const file = ctx.dataPath('platforms', 'state.json');
  let state: State = { codes: {}, tokens: {} };
  if (existsSync(file)) {
    try {
      state = JSON.parse(readFileSync(file, 'utf8')) as State;
    } catch {
      // a torn file: start empty
    }
  }
  const save = () => {
    writeFileSync(`${file}.tmp`, JSON.stringify(state));
    renameSync(`${file}.tmp`, file);
  };

  /** A new access token (and refresh token where the platform has them) for an account. */
  function issue(spec: PlatformSpec, accountId: string, scope: string, refresh: boolean): Grant {
    const t = now();
    const accessToken = token(`${spec.id}-at-`);
    state.tokens[accessToken] = { platform: spec.id, accountId, scope, kind: 'access', expiresAt: t + spec.accessTtl, dead: false };
    let refreshToken: string | null = null;
    if (refresh && spec.refreshTtl) {
      refreshToken = token(`${spec.id}-rt-`);
      state.tokens[refreshToken] = { platform: spec.id, accountId, scope, kind: 'refresh', expiresAt: t + spec.refreshTtl, dead: false };
    }
    save();
    return { accessToken, refreshToken, expiresIn: spec.accessTtl, refreshExpiresIn: spec.refreshTtl, scope, accountId };
  }

  /** The live access token of a request (Bearer header, or `access_token` in the query as Meta takes it). */
  function bearer(spec: PlatformSpec, req: IncomingMessage, url: URL): TokenRecord | null {
    const raw = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? url.searchParams.get('access_token') ?? '';
    const record = state.tokens[raw];
    if (!record || record.platform !== spec.id || record.kind !== 'access' || record.dead || record.expiresAt <= now()) return null;
    return record;
  }

  function clientOf(spec: PlatformSpec, req: IncomingMessage, form: URLSearchParams): { id: string; secret: string | null } {
    const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (basic) {
      const [id = '', secret = ''] = Buffer.from(basic, 'base64').toString().split(':');
      return { id: decodeURIComponent(id), secret: decodeURIComponent(secret) };
    }
    return { id: form.get(spec.clientIdParam) ?? '', secret: form.get('client_secret') };
  }

  function tokenGrant(spec: PlatformSpec, req: IncomingMessage, form: URLSearchParams): { status: number; body: unknown } {
    const client = clientOf(spec, req, form);
    const app = localClient(spec.id);
    const grantType = form.get('grant_type') ?? (spec.id === 'facebook' ? 'authorization_code' : '');
    // X lets a public client (PKCE, no secret) in; everyone else wants the secret.
    const publicOk = spec.id === 'twitter' && client.secret === null;
    if (client.id !== app.id || (!publicOk && client.secret !== app.secret)) return spec.tokenError('invalid_client', 'Client authentication failed.');

    if (grantType === 'authorization_code') {
      const code = form.get('code') ?? '';
      const record = state.codes[code];
      delete state.codes[code];
      save();
      if (!record || record.platform !== spec.id || record.expiresAt <= now()) return spec.tokenError('invalid_grant', 'The authorization code is invalid, expired or already used.');
      if (record.clientId !== client.id || record.redirectUri !== (form.get('redirect_uri') ?? '')) return spec.tokenError('invalid_grant', 'redirect_uri does not match the authorization request.');
      if (record.challenge) {
        const verifier = form.get('code_verifier') ?? '';
        const computed = record.method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url');
        if (computed !== record.challenge) return spec.tokenError('invalid_grant', 'The code_verifier does not match the code_challenge.');
      }
      return { status: 200, body: spec.tokenBody(issue(spec, record.accountId, record.scope, true)) };
    }
    if (grantType === 'refresh_token') {
      const old = form.get('refresh_token') ?? '';
      const record = state.tokens[old];
      if (!record || record.platform !== spec.id || record.kind !== 'refresh' || record.dead || record.expiresAt <= now()) {
        return spec.tokenError('invalid_grant', 'The refresh token is invalid, expired or was already used.');
      }
      if (spec.rotatesRefresh) {
        record.dead = true;
        return { status: 200, body: spec.tokenBody(issue(spec, record.accountId, record.scope, true)) };
      }
      const grant = issue(spec, record.accountId, record.scope, false);
      return { status: 200, body: spec.tokenBody({ ...grant, refreshToken: old, refreshExpiresIn: record.expiresAt - now() }) };
    }
    return spec.tokenError('invalid_request', `Unsupported grant_type: ${grantType || '(none)'}`);
  }

  function profile(spec: PlatformSpec, path: string, req: IncomingMessage, url: URL): { status: number; body: unknown } | null {
    const routes: Record<PlatformId, RegExp> = {
      instagram: /^\/(v\d+\.\d+\/)?me$/,
      facebook: /^\/(v\d+\.\d+\/)?me(\/accounts)?$/,
      twitter: /^\/2\/users\/me$/,
      tiktok: /^\/v2\/user\/info\/?$/,
      pinterest: /^\/v5\/user_account$/,
    };
    const m = routes[spec.id].exec(path);
    if (!m || req.method !== 'GET') return null;
    const who = bearer(spec, req, url);
    if (!who) return spec.authError();
    const d = spec.demo;
    switch (spec.id) {
      case 'instagram':
        return { status: 200, body: { id: d.id, user_id: d.id, username: d.username, name: d.name, account_type: 'BUSINESS', followers_count: d.followers, follows_count: d.following, media_count: d.posts } };
      case 'facebook':
        if (m[2]) {
          const page = issue(spec, `${d.id}-page`, who.scope, false);
          return { status: 200, body: { data: [{ access_token: page.accessToken, category: 'Shopping & retail', name: d.name, id: '110000000000001', tasks: ['ANALYZE', 'ADVERTISE', 'MODERATE', 'CREATE_CONTENT', 'MANAGE'] }], paging: { cursors: { before: 'a', after: 'a' } } } };
        }
        return { status: 200, body: { id: d.id, name: d.name } };
      case 'twitter':
        return { status: 200, body: { data: { id: d.id, name: d.name, username: d.username, public_metrics: { followers_count: d.followers, following_count: d.following, tweet_count: d.posts, listed_count: 3, like_count: 120 } } } };
      case 'tiktok':
        return { status: 200, body: { data: { user: { open_id: d.id, union_id: `${d.id}-union`, display_name: d.name, username: d.username, avatar_url: '', follower_count: d.followers, following_count: d.following, video_count: d.posts } }, error: { code: 'ok', message: '', log_id: 'devstack' } } };
      case 'pinterest':
        return { status: 200, body: { account_type: 'BUSINESS', id: d.id, username: d.username, business_name: d.name, profile_image: '', website_url: '', follower_count: d.followers, following_count: d.following, pin_count: d.posts, monthly_views: 12000 } };
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://platforms.local');
    const method = req.method ?? 'GET';

    if (url.pathname === '/_devstack/expire' && method === 'POST') {
      // Every access token of the platform's demo account stops working (tests of refresh and reconnect).
      const { platform, refresh } = JSON.parse((await readBody(req)) || '{}') as { platform?: PlatformId; refresh?: boolean };
      let expired = 0;
      for (const t of Object.values(state.tokens)) {
        if (t.platform === platform && (t.kind === 'access' || refresh)) {
          t.expiresAt = now() - 1;
          expired++;
        }
      }
      save();
      return send(res, 200, { expired });
    }
    if (url.pathname === '/' && method === 'GET') {
      return sendPage(res, 200, html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local social platforms</title></head><body><main>
<h1>Local social platforms</h1><ul>${PLATFORM_IDS.map((id) => html`<li>${PLATFORMS[id].name}: <code>/${id}</code> stands for ${PLATFORMS[id].hosts.api}</li>`)}</ul></main></body></html>`.value);
    }

    const [, platform = '', ...rest] = url.pathname.split('/');
    if (!(PLATFORM_IDS as readonly string[]).includes(platform)) return send(res, 404, { error: 'Unknown platform' });
    const spec = PLATFORMS[platform as PlatformId];
    const path = `/${rest.join('/')}`;

    if (path === spec.authorizePath) {
      const params = method === 'POST' ? new URLSearchParams(await readBody(req)) : url.searchParams;
      const clientId = params.get(spec.clientIdParam) ?? '';
      const redirectUri = params.get('redirect_uri') ?? '';
      const challenge = params.get('code_challenge');
      if (clientId !== localClient(spec.id).id) return sendPage(res, 400, consentPage(spec, params, 'This app is not registered with the platform (client_id).'));
      let redirect: URL;
      try {
        redirect = new URL(redirectUri);
      } catch {
        return sendPage(res, 400, consentPage(spec, params, 'redirect_uri is missing or not a URL.'));
      }
      if (spec.pkce === 'required' && !challenge) return sendPage(res, 400, consentPage(spec, params, 'This platform requires PKCE (code_challenge).'));
      if (method === 'GET') return sendPage(res, 200, consentPage(spec, params));
      const decision = params.get('decision');
      params.delete('decision');
      const stateParam = params.get('state');
      if (decision !== 'allow') {
        redirect.searchParams.set('error', 'access_denied');
        redirect.searchParams.set('error_description', 'The user denied the request.');
      } else {
        const code = token(`${spec.id}-code-`);
        state.codes[code] = {
          platform: spec.id, clientId, redirectUri, scope: params.get('scope') ?? '', challenge,
          method: params.get('code_challenge_method'), accountId: spec.demo.id, expiresAt: now() + 600,
        };
        save();
        redirect.searchParams.set('code', code);
      }
      if (stateParam !== null) redirect.searchParams.set('state', stateParam);
      res.writeHead(302, { location: redirect.toString(), 'cache-control': 'no-store' });
      return void res.end();
    }
    // Revocation: X (POST /2/oauth2/revoke, client auth) and TikTok (POST /v2/oauth/revoke/). A
    // revoked token of either kind is dead, and so is the rest of that grant's tokens for the account.
    if ((spec.id === 'twitter' && path === '/2/oauth2/revoke') || (spec.id === 'tiktok' && path === '/v2/oauth/revoke/')) {
      if (method !== 'POST') return send(res, 405, { error: 'Method not allowed' });
      const form = new URLSearchParams(await readBody(req));
      const client = clientOf(spec, req, form);
      const app = localClient(spec.id);
      if (client.id !== app.id || (client.secret !== null && client.secret !== app.secret)) {
        const refused = spec.tokenError('invalid_client', 'Client authentication failed.');
        return send(res, refused.status, refused.body);
      }
      const record = state.tokens[form.get('token') ?? ''];
      if (record && record.platform === spec.id) {
        for (const t of Object.values(state.tokens)) if (t.platform === spec.id && t.accountId === record.accountId) t.dead = true;
        save();
      }
      // Both answer success for an unknown token too (RFC 7009).
      return send(res, 200, spec.id === 'twitter' ? { revoked: true } : {});
    }
    // Instagram's long-lived tokens refresh themselves: GET /refresh_access_token?grant_type=ig_refresh_token&access_token=…
    if (spec.id === 'instagram' && path === '/refresh_access_token' && method === 'GET') {
      const record = bearer(spec, req, url);
      if (!record || url.searchParams.get('grant_type') !== 'ig_refresh_token') return send(res, spec.authError().status, spec.authError().body);
      const grant = issue(spec, record.accountId, record.scope, false);
      return send(res, 200, { access_token: grant.accessToken, token_type: 'bearer', expires_in: grant.expiresIn, permissions: record.scope.split(',') });
    }
    if (path === spec.tokenPath && (method === 'POST' || (spec.id === 'facebook' && method === 'GET'))) {
      const form = method === 'POST' ? new URLSearchParams(await readBody(req)) : url.searchParams;
      const result = tokenGrant(spec, req, form);
      return send(res, result.status, result.body);
    }
    const found = profile(spec, path, req, url);
    if (found) return send(res, found.status, found.body);
    return send(res, 404, { error: `No such endpoint on the ${spec.name} stand-in: ${method} ${path}` });
  }

  return { handle };
}

export const createPlatformsService: ServiceFactory = (ctx): Service => {
  let handler: ReturnType<typeof createPlatformsHandler> | null = null;
  const handle = (req: IncomingMessage, res: ServerResponse) => (handler ??= createPlatformsHandler(ctx)).handle(req, res);
  const server = ownPortServer({
    port: ctx.config.platformsPort,
    handle,
    onError: (res, error) => {
      ctx.log('platforms', `request failed: ${(error as Error).stack ?? String(error)}`);
      send(res, 500, { error: 'Internal error' });
    },
  });
  return { name: 'platforms', prefix: '', handle: (http) => handle(http.req, http.res), start: server.start, stop: server.stop };
};
