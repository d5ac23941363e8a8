/**
 * The five social platforms as the local stand-in plays them: where each one's OAuth consent,
 * token and profile endpoints live (the same paths as the real hosts, under `/<platform>`), how long
 * its tokens last, whether refresh tokens rotate, and the exact JSON each answers with. Sources:
 * each platform's API reference (see ../shared/PLATFORMS.md).
 */

export type PlatformId = 'instagram' | 'facebook' | 'twitter' | 'tiktok' | 'pinterest';
export const PLATFORM_IDS: readonly PlatformId[] = ['instagram', 'facebook', 'twitter', 'tiktok', 'pinterest'];

export interface Grant {
  accessToken: string;
  refreshToken: string | null;
  expiresIn: number;
  refreshExpiresIn: number | null;
  scope: string;
  accountId: string;
}

export interface DemoAccount {
  id: string;
  username: string;
  name: string;
  followers: number;
  following: number;
  posts: number;
}

export interface PlatformSpec {
  id: PlatformId;
  name: string;
  /** The real hosts these paths stand for (README and error pages). */
  hosts: { authorize: string; token: string; api: string };
  /** Paths on the stand-in, below /<platform>. */
  authorizePath: string;
  tokenPath: string;
  /** `client_key` on TikTok, `client_id` elsewhere. */
  clientIdParam: 'client_id' | 'client_key';
  /** Client credentials in an HTTP Basic header (X, Pinterest) or in the form (the others). */
  clientAuth: 'basic' | 'body';
  pkce: 'required' | 'optional';
  accessTtl: number;
  refreshTtl: number | null;
  /** A refresh hands out a new refresh token and retires the old one (X). */
  rotatesRefresh: boolean;
  /** The token endpoint's answer for a grant. */
  tokenBody(grant: Grant): Record<string, unknown>;
  /** The token endpoint's refusal (bad code, used refresh token, …). */
  tokenError(code: 'invalid_grant' | 'invalid_client' | 'invalid_request', description: string): { status: number; body: Record<string, unknown> };
  /** The error an API call with a dead or unknown token gets. */
  authError(): { status: number; body: Record<string, unknown> };
  demo: DemoAccount;
}

const oauthError = (status: number) => (error: string, description: string) => ({ status, body: { error, error_description: description } });

export const PLATFORMS: Record<PlatformId, PlatformSpec> = {
  instagram: {
    id: 'instagram',
    name: 'Instagram',
    hosts: { authorize: 'https://www.instagram.com/oauth/authorize', token: 'https://api.instagram.com/oauth/access_token', api: 'https://graph.instagram.com' },
    authorizePath: '/oauth/authorize',
    tokenPath: '/oauth/access_token',
    clientIdParam: 'client_id',
    clientAuth: 'body',
    pkce: 'optional',
    // The long-lived token (60 days), refreshed with ig_refresh_token; no refresh token of its own.
    accessTtl: 60 * 24 * 3600,
    refreshTtl: null,
    rotatesRefresh: false,
    tokenBody: (g) => ({ access_token: g.accessToken, user_id: Number(g.accountId), permissions: g.scope.split(','), token_type: 'bearer', expires_in: g.expiresIn }),
    tokenError: (code, description) => ({ status: 400, body: { error_type: 'OAuthException', code: 400, error_message: `${code}: ${description}` } }),
    authError: () => ({ status: 400, body: { error: { message: 'Error validating access token: Session has expired.', type: 'OAuthException', code: 190, error_subcode: 463, fbtrace_id: 'devstack' } } }),
    demo: { id: '17841400000000001', username: 'shotcraft.demo', name: 'Shotcraft Demo Shop', followers: 1280, following: 210, posts: 42 },
  },
  facebook: {
    id: 'facebook',
    name: 'Facebook',
    hosts: { authorize: 'https://www.facebook.com/v21.0/dialog/oauth', token: 'https://graph.facebook.com/v21.0/oauth/access_token', api: 'https://graph.facebook.com' },
    authorizePath: '/v21.0/dialog/oauth',
    tokenPath: '/v21.0/oauth/access_token',
    clientIdParam: 'client_id',
    clientAuth: 'body',
    pkce: 'optional',
    accessTtl: 60 * 24 * 3600,
    refreshTtl: null,
    rotatesRefresh: false,
    tokenBody: (g) => ({ access_token: g.accessToken, token_type: 'bearer', expires_in: g.expiresIn }),
    tokenError: (_code, description) => ({ status: 400, body: { error: { message: description, type: 'OAuthException', code: 100, fbtrace_id: 'devstack' } } }),
    authError: () => ({ status: 400, body: { error: { message: 'Error validating access token: Session has expired.', type: 'OAuthException', code: 190, error_subcode: 463, fbtrace_id: 'devstack' } } }),
    demo: { id: '100000000000001', username: 'Shotcraft Demo Shop', name: 'Shotcraft Demo Shop', followers: 860, following: 0, posts: 18 },
  },
  twitter: {
    id: 'twitter',
    name: 'X',
    hosts: { authorize: 'https://x.com/i/oauth2/authorize', token: 'https://api.x.com/2/oauth2/token', api: 'https://api.x.com' },
    authorizePath: '/i/oauth2/authorize',
    tokenPath: '/2/oauth2/token',
    clientIdParam: 'client_id',
    clientAuth: 'basic',
    pkce: 'required',
    accessTtl: 7200,
    refreshTtl: 180 * 24 * 3600,
    rotatesRefresh: true,
    tokenBody: (g) => ({ token_type: 'bearer', expires_in: g.expiresIn, access_token: g.accessToken, scope: g.scope, refresh_token: g.refreshToken }),
    tokenError: oauthError(400),
    authError: () => ({ status: 401, body: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' } }),
    demo: { id: '1500000000000000001', username: 'shotcraftdemo', name: 'Shotcraft Demo', followers: 540, following: 120, posts: 310 },
  },
  tiktok: {
    id: 'tiktok',
    name: 'TikTok',
    hosts: { authorize: 'https://www.tiktok.com/v2/auth/authorize/', token: 'https://open.tiktokapis.com/v2/oauth/token/', api: 'https://open.tiktokapis.com' },
    authorizePath: '/v2/auth/authorize/',
    tokenPath: '/v2/oauth/token/',
    clientIdParam: 'client_key',
    clientAuth: 'body',
    pkce: 'required',
    accessTtl: 24 * 3600,
    refreshTtl: 365 * 24 * 3600,
    rotatesRefresh: false,
    tokenBody: (g) => ({ access_token: g.accessToken, expires_in: g.expiresIn, open_id: g.accountId, refresh_expires_in: g.refreshExpiresIn, refresh_token: g.refreshToken, scope: g.scope, token_type: 'Bearer' }),
    tokenError: (code, description) => ({ status: 400, body: { error: code, error_description: description, log_id: 'devstack' } }),
    authError: () => ({ status: 401, body: { data: {}, error: { code: 'access_token_invalid', message: 'The access token is invalid or not found in the request.', log_id: 'devstack' } } }),
    demo: { id: '-000demoOpenId0001', username: 'shotcraft.demo', name: 'Shotcraft Demo', followers: 2300, following: 80, posts: 64 },
  },
  pinterest: {
    id: 'pinterest',
    name: 'Pinterest',
    hosts: { authorize: 'https://www.pinterest.com/oauth/', token: 'https://api.pinterest.com/v5/oauth/token', api: 'https://api.pinterest.com' },
    authorizePath: '/oauth/',
    tokenPath: '/v5/oauth/token',
    clientIdParam: 'client_id',
    clientAuth: 'basic',
    pkce: 'optional',
    accessTtl: 30 * 24 * 3600,
    refreshTtl: 365 * 24 * 3600,
    rotatesRefresh: false,
    tokenBody: (g) => ({ access_token: g.accessToken, refresh_token: g.refreshToken, response_type: 'authorization_code', token_type: 'bearer', expires_in: g.expiresIn, refresh_token_expires_in: g.refreshExpiresIn, scope: g.scope }),
    tokenError: (code, description) => ({ status: code === 'invalid_client' ? 401 : 400, body: { code: code === 'invalid_client' ? 2 : 1, message: description } }),
    authError: () => ({ status: 401, body: { code: 2, message: 'Authentication failed.' } }),
    demo: { id: '549755813888', username: 'shotcraftdemo', name: 'Shotcraft Demo', followers: 910, following: 45, posts: 230 },
  },
};

/** The local app credentials the devstack gives the functions (fixed, local only). */
export const localClient = (platform: PlatformId) => ({ id: `shotcraft-local-${platform}`, secret: `local-secret-${platform}` });
