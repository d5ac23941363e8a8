/**
 * The five social platforms as the local stand-in plays them: where each one's OAuth consent,
 * token and profile endpoints live (the same paths as the real hosts, under `/<platform>`), how long
 * its tokens last, whether refresh tokens rotate, and the exact JSON each answers with; then, for
 * publishing, the media each one accepts, its text limits and the error bodies of its limits and
 * outages (PUBLISHING). Sources: each platform's API reference.
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

// ---------------------------------------------------------------------------------------------
// Publishing: media rules, text limits and the platforms' own error bodies.

export interface ImageRule {
  formats: readonly string[];
  maxBytes: number;
  /** width / height bounds, inclusive (Instagram's feed: 4:5 … 1.91:1). */
  minAspect?: number;
  maxAspect?: number;
}
export interface VideoRule {
  formats: readonly string[];
  maxBytes: number;
  minSeconds?: number;
  maxSeconds?: number;
}
export interface MediaRules {
  image: ImageRule;
  video: VideoRule;
}

const MB = 1024 * 1024;

export interface PublishingSpec {
  media: MediaRules;
  /** Text limits, in the platform's own counting (X: weighted; the others: characters). */
  text: Record<string, number>;
  /** What a publish call gets when a test asked for a failure (`/_devstack/fail`). */
  rateLimited(): { status: number; body: Record<string, unknown>; headers?: Record<string, string> };
  serverError(): { status: number; body: Record<string, unknown> };
}

const metaError = (status: number, code: number, message: string, extra: Record<string, unknown> = {}) => ({
  status,
  body: { error: { message, type: 'OAuthException', code, ...extra, fbtrace_id: 'devstack' } },
});

export const PUBLISHING: Record<PlatformId, PublishingSpec> = {
  instagram: {
    // Feed images: JPEG only, ≤ 8 MiB, aspect 4:5 … 1.91:1. Reels: MP4/MOV, 3 s … 15 min, ≤ 300 MB.
    media: {
      image: { formats: ['jpeg'], maxBytes: 8 * MB, minAspect: 4 / 5, maxAspect: 1.91 },
      video: { formats: ['mp4', 'mov'], maxBytes: 300 * MB, minSeconds: 3, maxSeconds: 15 * 60 },
    },
    text: { caption: 2200, hashtags: 30 },
    rateLimited: () => metaError(400, 4, 'Application request limit reached', { is_transient: true }),
    serverError: () => metaError(500, 2, 'An unexpected error has occurred. Please retry your request later.', { is_transient: true }),
  },
  facebook: {
    // Page photos: JPG, PNG, GIF, TIFF, HEIF or WebP, under 4 MB. Videos: MP4/MOV.
    media: {
      image: { formats: ['jpeg', 'png', 'gif', 'tiff', 'heif', 'webp'], maxBytes: 4 * MB },
      video: { formats: ['mp4', 'mov'], maxBytes: 1024 * MB, maxSeconds: 240 * 60 },
    },
    text: { message: 63206 },
    rateLimited: () => metaError(400, 32, 'Page request limit reached', { is_transient: true }),
    serverError: () => metaError(500, 2, 'An unexpected error has occurred. Please retry your request later.', { is_transient: true }),
  },
  twitter: {
    // Images ≤ 5 MB (JPEG, PNG, GIF, WEBP), up to 4; one MP4/MOV video ≤ 512 MB, 0.5 … 140 s.
    media: {
      image: { formats: ['jpeg', 'png', 'gif', 'webp'], maxBytes: 5 * MB },
      video: { formats: ['mp4', 'mov'], maxBytes: 512 * MB, minSeconds: 0.5, maxSeconds: 140 },
    },
    text: { weighted: 280, images: 4 },
    rateLimited: () => ({
      status: 429,
      body: { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
      headers: { 'x-rate-limit-limit': '100', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(Math.floor(Date.now() / 1000) + 900) },
    }),
    serverError: () => ({ status: 503, body: { title: 'Service Unavailable', detail: 'Service Unavailable', type: 'about:blank', status: 503 } }),
  },
  tiktok: {
    // Photos: JPG/WEBP ≤ 20 MB, up to 35. Videos: MP4/WebM/MOV ≤ 4 GB, up to max_video_post_duration_sec.
    media: {
      image: { formats: ['jpeg', 'webp'], maxBytes: 20 * MB },
      video: { formats: ['mp4', 'webm', 'mov'], maxBytes: 4096 * MB, minSeconds: 1, maxSeconds: 600 },
    },
    text: { videoTitle: 2200, photoTitle: 90, photoDescription: 4000, photos: 35 },
    rateLimited: () => ({ status: 429, body: { error: { code: 'rate_limit_exceeded', message: 'The API rate limit was exceeded. Please try again later.', log_id: 'devstack' } } }),
    serverError: () => ({ status: 500, body: { error: { code: 'internal_error', message: 'Something went wrong. Please try again later.', log_id: 'devstack' } } }),
  },
  pinterest: {
    // Images: JPEG, PNG, WEBP (also GIF, BMP, TIFF) ≤ 20 MB. Videos: MP4/MOV, 4 s … 15 min, ≤ 2 GB.
    media: {
      image: { formats: ['jpeg', 'png', 'webp', 'gif', 'bmp', 'tiff'], maxBytes: 20 * MB },
      video: { formats: ['mp4', 'mov'], maxBytes: 2048 * MB, minSeconds: 4, maxSeconds: 15 * 60 },
    },
    text: { title: 100, description: 500, altText: 500 },
    rateLimited: () => ({ status: 429, body: { code: 8, message: 'You have exceeded your rate limit. Try again later.' } }),
    serverError: () => ({ status: 500, body: { code: 3, message: 'Something went wrong on our end. Sorry about that.' } }),
  },
};

/** Instagram's content publishing limit: 50 posts in a rolling 24 h. */
export const INSTAGRAM_PUBLISH_LIMIT = { quota_total: 50, quota_duration: 86400 };
