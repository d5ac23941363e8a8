/**
 * Local stand-ins for the five social platforms, on their own port (config.platformsPort), for
 * machines that cannot reach them. Each platform lives under `/<platform>` with its real paths
 * (Meta's with any `/vNN.0` prefix):
 *
 *   oauth.ts        consent page → code → token (PKCE, each platform's client authentication),
 *                   refresh with expiry and X's rotation, Instagram's refresh_access_token, X's and
 *                   TikTok's revocation, and the profile endpoints
 *   publish/*.ts    publishing with each platform's request and response shapes: Instagram
 *                   containers → media_publish, Facebook Page photos / feed / videos, X media upload
 *                   (one-shot and chunked) → tweets, TikTok direct post (pull from URL or file upload)
 *                   with its status, Pinterest boards, pins and video media; reading posts back; and
 *                   insights (insights.ts: metrics that grow with a post's age)
 *   media.ts        the media rules: the stand-in downloads a media URL as the platform would, looks
 *                   inside with sharp / ffprobe and refuses what the platform refuses (catalog.ts)
 *   posts-page.ts   `/` and `/posts` ("Posted on the local platforms")
 *   openai-images.ts  not a platform: OpenAI's image edit under `/openai/v1/images/edits`, the wire
 *                   of the Lightbox's hosted scenes (LIGHTBOX_SCENE_URL), with its own `/_devstack/openai/…`
 *
 * Tokens are checked as the platforms check them and refused in each one's own error shape. State
 * (tokens, posts, …) is one JSON file in the data folder (store.ts). For tests, `/_devstack/…`:
 *
 *   POST /_devstack/expire          { platform, refresh?, token? } the platform's tokens stop working (with an
 *                                   access or refresh token: only that connection's)
 *   POST /_devstack/fail            { platform, kind: rate_limit|media_rejected|server_error|token_expired, times?, token? }
 *                                   the next `times` (1) publish calls on the platform (or, with an access
 *                                   token, that connection's) fail, in the platform's words
 *   POST /_devstack/reset           forget posts, uploads and pending failures (not OAuth)
 *   GET  /_devstack/posts[?platform=]  what was published, as JSON
 *   POST /_devstack/posts/{id}/age  { minutes[, platform] } the post was made that much earlier (insights grow)
 *   GET  /_devstack/media/{id}      bytes clients uploaded (X media, Pinterest videos, TikTok file uploads)
 */
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ownPortServer } from '../core/own-port.js';
import type { DevstackContext, Service, ServiceFactory } from '../core/types.js';
import { PLATFORM_IDS, PLATFORMS, type PlatformId } from './catalog.js';
import { json, originOf, PlatformRequest, sendReply, type Reply } from './http.js';
import { createOAuth } from './oauth.js';
import { createOpenAiImages } from './openai-images.js';
import { indexPage, postsPage } from './posts-page.js';
import type { PublishContext, Route } from './publish/common.js';
import { facebookRoutes } from './publish/facebook.js';
import { instagramRoutes } from './publish/instagram.js';
import { pinterestRoutes } from './publish/pinterest.js';
import { tiktokRoutes } from './publish/tiktok.js';
import { twitterRoutes } from './publish/twitter.js';
import { openStore, type FaultKind, type PostRecord } from './store.js';

const PUBLISH_ROUTES: Record<PlatformId, Route> = {
  instagram: instagramRoutes,
  facebook: facebookRoutes,
  twitter: twitterRoutes,
  tiktok: tiktokRoutes,
  pinterest: pinterestRoutes,
};
const FAULT_KINDS: FaultKind[] = ['rate_limit', 'media_rejected', 'server_error', 'token_expired'];

const isPlatform = (x: unknown): x is PlatformId => typeof x === 'string' && (PLATFORM_IDS as readonly string[]).includes(x);

function postJson(p: PostRecord) {
  return { platform: p.platform, account: p.account, id: p.id, text: p.text, media: p.media, created_at: new Date(p.createdAt).toISOString(), permalink: p.permalink, extra: p.extra };
}

function sniffType(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === '\x89PNG') return 'image/png';
  if (bytes.subarray(0, 3).toString('latin1') === 'GIF') return 'image/gif';
  if (bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp') return bytes.subarray(8, 10).toString('latin1') === 'qt' ? 'video/quicktime' : 'video/mp4';
  if (bytes.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return 'video/webm';
  return 'application/octet-stream';
}

const AVATAR = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="#1d4ed8"/><text x="32" y="41" font-size="26" text-anchor="middle" fill="#fff" font-family="sans-serif">S</text></svg>');

export function createPlatformsHandler(ctx: DevstackContext) {
  const store = openStore(ctx.dataPath('platforms', 'state.json'));
  const oauth = createOAuth(store);
  const images = createOpenAiImages();
  /** URL prefixes verified for TikTok's PULL_FROM_URL: the configured ones, and any a test verifies. */
  const verified = [...ctx.config.tiktokVerifiedUrlPrefixes];

  async function devstackRoute(req: PlatformRequest): Promise<Reply | null> {
    const { method, url } = req;
    const p = url.pathname;
    if (p === '/_devstack/expire' && method === 'POST') {
      // Every access token of the platform's demo account stops working (tests of refresh and reconnect).
      const { platform, refresh, token } = JSON.parse((await req.text()) || '{}') as { platform?: PlatformId; refresh?: boolean; token?: unknown };
      if (!isPlatform(platform)) return json(400, { error: 'platform must be one of ' + PLATFORM_IDS.join(', ') });
      return json(200, { expired: oauth.expire(platform, !!refresh, typeof token === 'string' ? token : undefined) });
    }
    if (p === '/_devstack/fail' && method === 'POST') {
      const { platform, kind, times, token } = JSON.parse((await req.text()) || '{}') as { platform?: unknown; kind?: unknown; times?: unknown; token?: unknown };
      if (!isPlatform(platform)) return json(400, { error: 'platform must be one of ' + PLATFORM_IDS.join(', ') });
      // With an access token: only that connection's calls fail (tests running side by side).
      let key: string = platform;
      if (token !== undefined) {
        const record = typeof token === 'string' ? store.state.tokens[token] : undefined;
        if (!record || record.platform !== platform || !record.grant) return json(400, { error: 'token is not a token of this platform' });
        key = `${platform}:${record.grant}`;
      }
      if (!FAULT_KINDS.includes(kind as FaultKind)) return json(400, { error: 'kind must be one of ' + FAULT_KINDS.join(', ') });
      const remaining = times === undefined ? 1 : Number(times);
      if (!Number.isInteger(remaining) || remaining < 0) return json(400, { error: 'times must be a whole number' });
      if (remaining === 0) delete store.state.faults[key];
      else store.state.faults[key] = { kind: kind as FaultKind, remaining };
      store.save();
      return json(200, { platform, kind, times: remaining, scope: key === platform ? 'platform' : 'token' });
    }
    // The developer portal's "verify a URL prefix" for TikTok's PULL_FROM_URL.
    if (p === '/_devstack/tiktok/verified-prefixes') {
      if (method === 'POST') {
        const { prefix } = JSON.parse((await req.text()) || '{}') as { prefix?: unknown };
        if (typeof prefix !== 'string' || !/^https?:\/\/[^/]+\//.test(prefix)) return json(400, { error: 'prefix must be an http(s) URL prefix ending in a path, e.g. https://cdn.example.com/media/' });
        if (!verified.includes(prefix)) verified.push(prefix);
      } else if (method !== 'GET') return null;
      return json(200, { prefixes: verified });
    }
    if (p === '/_devstack/reset' && method === 'POST') {
      store.resetPublishing();
      return json(200, { reset: true });
    }
    if (p === '/_devstack/posts' && method === 'GET') {
      const platform = url.searchParams.get('platform');
      const posts = Object.values(store.state.posts).filter((x) => !platform || x.platform === platform).sort((a, b) => a.createdAt - b.createdAt);
      return json(200, posts.map(postJson));
    }
    const age = /^\/_devstack\/posts\/([^/]+)\/age$/.exec(p);
    if (age && method === 'POST') {
      const { minutes, platform } = JSON.parse((await req.text()) || '{}') as { minutes?: unknown; platform?: unknown };
      const id = decodeURIComponent(age[1]!);
      const post = Object.values(store.state.posts).find((x) => x.id === id && (!platform || x.platform === platform));
      if (!post) return json(404, { error: `No post ${id}` });
      if (typeof minutes !== 'number' || !Number.isFinite(minutes)) return json(400, { error: 'minutes must be a number' });
      post.createdAt -= minutes * 60_000;
      store.save();
      return json(200, postJson(post));
    }
    const media = /^\/_devstack\/media\/([\w.-]+)$/.exec(p);
    if (media && method === 'GET') {
      const file = store.mediaPath(media[1]!);
      if (!existsSync(file)) return json(404, { error: 'No such media' });
      const bytes = readFileSync(file);
      return { status: 200, bytes, contentType: sniffType(bytes) };
    }
    if (p === '/_devstack/avatar/tiktok.svg') return { status: 200, bytes: AVATAR, contentType: 'image/svg+xml' };
    return null;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://platforms.local');
    const method = req.method ?? 'GET';

    if (url.pathname.startsWith('/openai/') || url.pathname.startsWith('/_devstack/openai/')) {
      const reply = await images.handle(new PlatformRequest(req, url, url.pathname));
      return sendReply(res, reply ?? json(404, { error: { message: `Invalid URL (${method} ${url.pathname.replace(/^\/openai/, '')})`, type: 'invalid_request_error', param: null, code: null } }));
    }

    if (url.pathname.startsWith('/_devstack/')) {
      const reply = await devstackRoute(new PlatformRequest(req, url, url.pathname));
      return sendReply(res, reply ?? json(404, { error: `No such endpoint: ${method} ${url.pathname}` }));
    }
    if (url.pathname === '/' && method === 'GET') return sendReply(res, { status: 200, html: indexPage() });
    if ((url.pathname === '/posts' || url.pathname === '/posts/') && method === 'GET') {
      return sendReply(res, { status: 200, html: postsPage(Object.values(store.state.posts), url.searchParams.get('platform')) });
    }

    const [, platform = '', ...rest] = url.pathname.split('/');
    if (!isPlatform(platform)) return sendReply(res, json(404, { error: 'Unknown platform' }));
    const spec = PLATFORMS[platform];
    const preq = new PlatformRequest(req, url, `/${rest.join('/')}`);

    const reply =
      (await oauth.handle(spec, preq)) ??
      (await PUBLISH_ROUTES[platform]({ store, oauth, origin: originOf(req, ctx.config.platformsUrl), verifiedUrlPrefixes: verified, log: (m) => ctx.log('platforms', m) } satisfies PublishContext, preq));
    sendReply(res, reply ?? json(404, { error: `No such endpoint on the ${spec.name} stand-in: ${method} ${preq.path}` }));
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
      sendReply(res, json(500, { error: 'Internal error' }));
    },
  });
  return { name: 'platforms', prefix: '', handle: (http) => handle(http.req, http.res), start: server.start, stop: server.stop };
};
