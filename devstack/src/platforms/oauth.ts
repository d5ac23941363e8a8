/**
 * The OAuth side of each stand-in: consent page → code → token (PKCE where the platform uses it,
 * each platform's client authentication), refresh with expiry and, on X, rotation; Instagram's
 * `refresh_access_token`; X's and TikTok's revocation; and the profile endpoints. Tokens are checked
 * as the platforms check them and refused in each one's own error shape.
 */
import { createHash, randomBytes } from 'node:crypto';
import { html, raw } from '../inbox/html.js';
import { localClient, PLATFORMS, type Grant, type PlatformId, type PlatformSpec } from './catalog.js';
import { json, type Params, type PlatformRequest, type Reply } from './http.js';
import { nowSec as now, type Store, type TokenRecord } from './store.js';

const token = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

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

/** The Facebook Page the demo user manages, and the account id its Page token carries. */
export const FACEBOOK_PAGE_ID = '110000000000001';
export const facebookPageAccount = () => `${PLATFORMS.facebook.demo.id}-page`;

export function createOAuth(store: Store) {
  const state = () => store.state;

  /** A new access token (and refresh token where the platform has them) for an account. */
  function issue(spec: PlatformSpec, accountId: string, scope: string, refresh: boolean, grant = token('grant-')): Grant {
    const t = now();
    const accessToken = token(`${spec.id}-at-`);
    state().tokens[accessToken] = { platform: spec.id, accountId, scope, kind: 'access', expiresAt: t + spec.accessTtl, dead: false, grant };
    let refreshToken: string | null = null;
    if (refresh && spec.refreshTtl) {
      refreshToken = token(`${spec.id}-rt-`);
      state().tokens[refreshToken] = { platform: spec.id, accountId, scope, kind: 'refresh', expiresAt: t + spec.refreshTtl, dead: false, grant };
    }
    store.save();
    return { accessToken, refreshToken, expiresIn: spec.accessTtl, refreshExpiresIn: spec.refreshTtl, scope, accountId };
  }

  /**
   * The live access token of a request: a Bearer header, or (as Meta takes it) `access_token` in the
   * query or the form body.
   */
  function bearer(spec: PlatformSpec, req: PlatformRequest, params?: Params): TokenRecord | null {
    const raw = /^Bearer\s+(\S+)$/i.exec(req.header('authorization') ?? '')?.[1] ?? req.url.searchParams.get('access_token') ?? params?.get('access_token') ?? '';
    const record = state().tokens[raw];
    if (!record || record.platform !== spec.id || record.kind !== 'access' || record.dead || record.expiresAt <= now()) return null;
    return record;
  }

  function clientOf(spec: PlatformSpec, req: PlatformRequest, form: URLSearchParams): { id: string; secret: string | null } {
    const basic = /^Basic\s+(\S+)$/i.exec(req.header('authorization') ?? '')?.[1];
    if (basic) {
      const [id = '', secret = ''] = Buffer.from(basic, 'base64').toString().split(':');
      return { id: decodeURIComponent(id), secret: decodeURIComponent(secret) };
    }
    return { id: form.get(spec.clientIdParam) ?? '', secret: form.get('client_secret') };
  }

  function tokenGrant(spec: PlatformSpec, req: PlatformRequest, form: URLSearchParams): Reply {
    const client = clientOf(spec, req, form);
    const app = localClient(spec.id);
    const grantType = form.get('grant_type') ?? (spec.id === 'facebook' ? 'authorization_code' : '');
    // X lets a public client (PKCE, no secret) in; everyone else wants the secret.
    const publicOk = spec.id === 'twitter' && client.secret === null;
    if (client.id !== app.id || (!publicOk && client.secret !== app.secret)) return spec.tokenError('invalid_client', 'Client authentication failed.');
    if (grantType === 'authorization_code') {
      const code = form.get('code') ?? '';
      const record = state().codes[code];
      delete state().codes[code];
      store.save();
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
      const record = state().tokens[old];
      if (!record || record.platform !== spec.id || record.kind !== 'refresh' || record.dead || record.expiresAt <= now()) {
        return spec.tokenError('invalid_grant', 'The refresh token is invalid, expired or was already used.');
      }
      if (spec.rotatesRefresh) {
        record.dead = true;
        return { status: 200, body: spec.tokenBody(issue(spec, record.accountId, record.scope, true, record.grant)) };
      }
      const grant = issue(spec, record.accountId, record.scope, false, record.grant);
      return { status: 200, body: spec.tokenBody({ ...grant, refreshToken: old, refreshExpiresIn: record.expiresAt - now() }) };
    }
    return spec.tokenError('invalid_request', `Unsupported grant_type: ${grantType || '(none)'}`);
  }

  function profile(spec: PlatformSpec, req: PlatformRequest): Reply | null {
    const routes: Record<PlatformId, RegExp> = {
      instagram: /^\/(v\d+\.\d+\/)?me$/,
      facebook: /^\/(v\d+\.\d+\/)?me(\/accounts)?$/,
      twitter: /^\/2\/users\/me$/,
      tiktok: /^\/v2\/user\/info\/?$/,
      pinterest: /^\/v5\/user_account$/,
    };
    const m = routes[spec.id].exec(req.path);
    if (!m || req.method !== 'GET') return null;
    const who = bearer(spec, req);
    if (!who) return spec.authError();
    const d = spec.demo;
    switch (spec.id) {
      case 'instagram':
        return json(200, { id: d.id, user_id: d.id, username: d.username, name: d.name, account_type: 'BUSINESS', followers_count: d.followers, follows_count: d.following, media_count: d.posts });
      case 'facebook':
        if (m[2]) {
          const page = issue(spec, facebookPageAccount(), who.scope, false, who.grant);
          return json(200, { data: [{ access_token: page.accessToken, category: 'Shopping & retail', name: d.name, id: FACEBOOK_PAGE_ID, tasks: ['ANALYZE', 'ADVERTISE', 'MODERATE', 'CREATE_CONTENT', 'MANAGE'] }], paging: { cursors: { before: 'a', after: 'a' } } });
        }
        return json(200, { id: d.id, name: d.name });
      case 'twitter':
        return json(200, { data: { id: d.id, name: d.name, username: d.username, public_metrics: { followers_count: d.followers, following_count: d.following, tweet_count: d.posts, listed_count: 3, like_count: 120 } } });
      case 'tiktok':
        return json(200, { data: { user: { open_id: d.id, union_id: `${d.id}-union`, display_name: d.name, username: d.username, avatar_url: '', follower_count: d.followers, following_count: d.following, video_count: d.posts } }, error: { code: 'ok', message: '', log_id: 'devstack' } });
      case 'pinterest':
        return json(200, { account_type: 'BUSINESS', id: d.id, username: d.username, business_name: d.name, profile_image: '', website_url: '', follower_count: d.followers, following_count: d.following, pin_count: d.posts, monthly_views: 12000 });
    }
  }

  /** Authorize, revoke, refresh_access_token, token and profile routes; null when the path is none of them. */
  async function handle(spec: PlatformSpec, req: PlatformRequest): Promise<Reply | null> {
    const { method, path, url } = req;
    if (path === spec.authorizePath) {
      const params = method === 'POST' ? new URLSearchParams(await req.text()) : new URLSearchParams(url.searchParams);
      const clientId = params.get(spec.clientIdParam) ?? '';
      const redirectUri = params.get('redirect_uri') ?? '';
      const challenge = params.get('code_challenge');
      if (clientId !== localClient(spec.id).id) return { status: 400, html: consentPage(spec, params, 'This app is not registered with the platform (client_id).') };
      let redirect: URL;
      try {
        redirect = new URL(redirectUri);
      } catch {
        return { status: 400, html: consentPage(spec, params, 'redirect_uri is missing or not a URL.') };
      }
      if (spec.pkce === 'required' && !challenge) return { status: 400, html: consentPage(spec, params, 'This platform requires PKCE (code_challenge).') };
      if (method === 'GET') return { status: 200, html: consentPage(spec, params) };
      const decision = params.get('decision');
      params.delete('decision');
      const stateParam = params.get('state');
      if (decision !== 'allow') {
        redirect.searchParams.set('error', 'access_denied');
        redirect.searchParams.set('error_description', 'The user denied the request.');
      } else {
        const code = token(`${spec.id}-code-`);
        state().codes[code] = {
          platform: spec.id, clientId, redirectUri, scope: params.get('scope') ?? '', challenge,
          method: params.get('code_challenge_method'), accountId: spec.demo.id, expiresAt: now() + 600,
        };
        store.save();
        redirect.searchParams.set('code', code);
      }
      if (stateParam !== null) redirect.searchParams.set('state', stateParam);
      return { status: 302, redirect: redirect.toString() };
    }
    // Revocation: X (POST /2/oauth2/revoke, client auth) and TikTok (POST /v2/oauth/revoke/). A
    // revoked token of either kind is dead, and so is the rest of that grant's tokens for the account.
    // Only that grant's: every local user connects the same demo account, and one user's disconnect
    // (or a test's) must not end another's connection.
    if ((spec.id === 'twitter' && path === '/2/oauth2/revoke') || (spec.id === 'tiktok' && path === '/v2/oauth/revoke/')) {
      if (method !== 'POST') return json(405, { error: 'Method not allowed' });
      const form = new URLSearchParams(await req.text());
      const client = clientOf(spec, req, form);
      const app = localClient(spec.id);
      if (client.id !== app.id || (client.secret !== null && client.secret !== app.secret)) return spec.tokenError('invalid_client', 'Client authentication failed.');
      const record = state().tokens[form.get('token') ?? ''];
      if (record && record.platform === spec.id) {
        for (const t of Object.values(state().tokens)) if (t.platform === spec.id && t.accountId === record.accountId && t.grant === record.grant) t.dead = true;
        store.save();
      }
      // Both answer success for an unknown token too (RFC 7009).
      return json(200, spec.id === 'twitter' ? { revoked: true } : {});
    }
    // Instagram's long-lived tokens refresh themselves: GET /refresh_access_token?grant_type=ig_refresh_token&access_token=…
    if (spec.id === 'instagram' && path === '/refresh_access_token' && method === 'GET') {
      const record = bearer(spec, req);
      if (!record || url.searchParams.get('grant_type') !== 'ig_refresh_token') return spec.authError();
      const grant = issue(spec, record.accountId, record.scope, false, record.grant);
      return json(200, { access_token: grant.accessToken, token_type: 'bearer', expires_in: grant.expiresIn, permissions: record.scope.split(',') });
    }
    if (path === spec.tokenPath && (method === 'POST' || (spec.id === 'facebook' && method === 'GET'))) {
      const form = method === 'POST' ? new URLSearchParams(await req.text()) : url.searchParams;
      return tokenGrant(spec, req, form);
    }
    return profile(spec, req);
  }

  /** Every access (and with `refresh`, refresh) token of a platform stops working. */
  /** Ends the platform's access tokens (and with `refresh` its refresh tokens); with `token`, only that connection's. */
  function expire(platform: PlatformId, refresh: boolean, token?: string): number {
    const grant = token ? state().tokens[token]?.grant : undefined;
    if (token && grant === undefined) return 0;
    let expired = 0;
    for (const t of Object.values(state().tokens)) {
      if (t.platform === platform && (t.kind === 'access' || refresh) && (grant === undefined || t.grant === grant)) {
        t.expiresAt = now() - 1;
        expired++;
      }
    }
    store.save();
    return expired;
  }

  return { handle, bearer, expire };
}

export type OAuth = ReturnType<typeof createOAuth>;
