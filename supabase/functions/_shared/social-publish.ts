// Publishing one piece of media with a caption to one platform, through each platform's documented
// API (the real hosts, or the devstack's stand-ins when SOCIAL_PLATFORMS_URL is set):
//
//   instagram  POST /{ig-user-id}/media (image_url | media_type=REELS + video_url) → poll the
//              container's status_code until FINISHED → POST /{ig-user-id}/media_publish
//   facebook   POST /{page-id}/photos (url, caption) | POST /{page-id}/videos (file_url) — Page token
//   twitter    POST /2/media/upload (image; video: initialize / append / finalize, then STATUS)
//              → POST /2/tweets { text, media: { media_ids } }
//   tiktok     POST /v2/post/publish/creator_info/query/ → video/init (FILE_UPLOAD, each chunk PUT with
//              its Content-Range) or content/init (photos, PULL_FROM_URL from the verified storage
//              domain) → poll status/fetch until PUBLISH_COMPLETE
//   pinterest  GET /v5/boards (the board named 'default', made when missing) → POST /v5/pins
//              (image_url; video: POST /v5/media, upload, poll, then the pin)
//
// Every refusal becomes a PublishError in a small vocabulary the user can act on: reconnect (the
// token is dead), bad_media (the platform will not take this file), rate_limited, retry_later
// (the platform or the network failed) and rejected (anything else the platform refused).
import { describeError } from './redact.ts';
import { type Platform, url } from './social-platforms.ts';

export type PublishErrorKind = 'reconnect' | 'bad_media' | 'rate_limited' | 'retry_later' | 'rejected';

export class PublishError extends Error {
  constructor(
    readonly kind: PublishErrorKind,
    message: string,
    readonly detail: unknown = null,
  ) {
    super(message);
  }
}

export interface PublishInput {
  platform: Platform;
  token: string;
  /** The account's id at the platform (IG user id, FB Page id, X user id, TikTok open_id, Pinterest user id). */
  accountId: string;
  /** A URL the platform can download the file from (a signed storage URL). */
  mediaUrl: string;
  media: 'image' | 'video';
  mimeType: string;
  caption: string;
  /** A short title where the platform has one (a Pin's title): the product name. */
  title: string;
}

export interface Published {
  id: string;
  url: string | null;
}

const POLL_MS = Number(Deno.env.get('SOCIAL_POLL_MS') ?? 500);
const POLL_LIMIT_MS = 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const GRAPH_VERSION = 'v21.0';

/** What the user reads for each kind when the platform gives no words of its own. */
const WORDS: Record<PublishErrorKind, string> = {
  reconnect: 'Reconnect needed: the platform no longer accepts this connection. Connect the account again in Settings.',
  bad_media: 'The platform did not accept this file.',
  rate_limited: 'The platform is limiting posts right now. Try again later.',
  retry_later: 'The platform did not answer. Try again in a moment.',
  rejected: 'The platform refused the post.',
};

export type Json = Record<string, unknown>;
export const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** A platform's refusal, classified by its own error codes. */
function classify(platform: Platform, status: number, body: unknown): PublishError {
  const b = obj(body);
  let kind: PublishErrorKind = status >= 500 ? 'retry_later' : status === 429 ? 'rate_limited' : status === 401 ? 'reconnect' : 'rejected';
  let message: string | undefined;
  switch (platform) {
    case 'instagram':
    case 'facebook': {
      const e = obj(b.error);
      const code = Number(e.code);
      const sub = Number(e.error_subcode);
      message = str(e.error_user_msg) ?? str(e.message);
      if (code === 190 || code === 102 || sub === 463 || sub === 460) kind = 'reconnect';
      else if ([4, 17, 32, 613, 80001].includes(code) || sub === 2207042) kind = 'rate_limited';
      else if (code === 36003 || code === 9004 || code === 352 || [2207009, 2207026, 2207052, 2207004, 2207005, 2207006].includes(sub)) kind = 'bad_media';
      else if (code === 2 || code === 1 || sub === 2207003 || sub === 2207020) kind = 'retry_later';
      break;
    }
    case 'twitter': {
      const errors = Array.isArray(b.errors) ? b.errors.map(obj) : [];
      message = str(b.detail) ?? str(errors[0]?.message) ?? str(b.title);
      if (status === 403 && /duplicate/i.test(message ?? '')) kind = 'rejected';
      if (errors.some((e) => /media/i.test(String(e.message ?? '')))) kind = 'bad_media';
      break;
    }
    case 'tiktok': {
      const e = obj(b.error);
      const code = str(e.code) ?? '';
      message = str(e.message);
      if (code === 'access_token_invalid' || code === 'scope_not_authorized' || code === 'token_not_authorized_for_specified_deviceid') kind = 'reconnect';
      else if (code === 'rate_limit_exceeded' || code === 'spam_risk_too_many_posts' || code === 'spam_risk_too_many_pending_share') kind = 'rate_limited';
      else if (code === 'file_format_check_failed' || code === 'duration_check_failed' || code === 'frame_rate_check_failed' || code === 'picture_size_check_failed') kind = 'bad_media';
      else if (code === 'internal_error') kind = 'retry_later';
      break;
    }
    case 'pinterest': {
      const code = Number(b.code);
      message = str(b.message);
      if (code === 2 || code === 3 || status === 401) kind = 'reconnect';
      else if (code === 8 || status === 429) kind = 'rate_limited';
      else if (/image|media|video|file/i.test(message ?? '') && status < 500) kind = 'bad_media';
      break;
    }
  }
  return new PublishError(kind, message ? `${WORDS[kind].replace(/\.$/, '')}: ${message}` : WORDS[kind], body);
}

/** One call to the platform; its JSON, or a classified PublishError. */
export async function call(platform: Platform, path: string, init: RequestInit & { token: string; bearer?: boolean }): Promise<Json> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  if (init.bearer !== false) headers.set('Authorization', `Bearer ${init.token}`);
  let res: Response;
  try {
    res = await fetch(url(platform, 'api', path), { ...init, headers, signal: AbortSignal.timeout(30_000) });
  } catch (err) {
    throw new PublishError('retry_later', WORDS.retry_later, describeError(err));
  }
  const body = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) throw classify(platform, res.status, body);
  // TikTok answers 200 with an error object on some refusals.
  if (platform === 'tiktok' && str(obj(obj(body).error).code) && obj(obj(body).error).code !== 'ok') throw classify(platform, 400, body);
  return obj(body);
}

const jsonInit = (token: string, body: unknown, method = 'POST') => ({ method, token, headers: { 'Content-Type': 'application/json; charset=UTF-8' }, body: JSON.stringify(body) });
const formInit = (token: string, fields: Record<string, string>) => ({ method: 'POST', token, body: new URLSearchParams(fields) });

/** Polls `check` until it says done (returns a value) or the platform gives up. */
async function poll<T>(check: () => Promise<T | null>, what: string): Promise<T> {
  const deadline = Date.now() + POLL_LIMIT_MS;
  for (;;) {
    const done = await check();
    if (done !== null) return done;
    if (Date.now() > deadline) throw new PublishError('retry_later', `The platform is still processing the ${what}. Try again in a few minutes.`);
    await sleep(POLL_MS);
  }
}

async function instagram(input: PublishInput): Promise<Published> {
  const base = `/${GRAPH_VERSION}/${encodeURIComponent(input.accountId)}`;
  const fields: Record<string, string> = input.media === 'video'
    ? { media_type: 'REELS', video_url: input.mediaUrl, caption: input.caption }
    : { image_url: input.mediaUrl, caption: input.caption };
  const container = str((await call('instagram', `${base}/media`, formInit(input.token, fields))).id);
  if (!container) throw new PublishError('retry_later', 'Failed to create Instagram media container');
  await poll(async () => {
    const s = await call('instagram', `/${GRAPH_VERSION}/${container}?fields=status_code,status`, { token: input.token });
    if (s.status_code === 'FINISHED') return true;
    if (s.status_code === 'ERROR' || s.status_code === 'EXPIRED') throw new PublishError('bad_media', `Instagram could not process the file${str(s.status) ? `: ${s.status}` : '.'}`, s);
    return null;
  }, 'media');
  const media = str((await call('instagram', `${base}/media_publish`, formInit(input.token, { creation_id: container }))).id);
  if (!media) throw new PublishError('retry_later', WORDS.retry_later);
  const permalink = await call('instagram', `/${GRAPH_VERSION}/${media}?fields=permalink`, { token: input.token }).then((b) => str(b.permalink) ?? null, () => null);
  return { id: media, url: permalink };
}

async function facebook(input: PublishInput): Promise<Published> {
  const base = `/${GRAPH_VERSION}/${encodeURIComponent(input.accountId)}`;
  const b = input.media === 'video'
    ? await call('facebook', `${base}/videos`, formInit(input.token, { file_url: input.mediaUrl, description: input.caption }))
    : await call('facebook', `${base}/photos`, formInit(input.token, { url: input.mediaUrl, caption: input.caption, published: 'true' }));
  const id = str(b.post_id) ?? str(b.id);
  if (!id) throw new PublishError('retry_later', WORDS.retry_later);
  return { id, url: `https://www.facebook.com/${id}` };
}

/** The file's bytes from our own storage (X takes uploads, not URLs). */
async function download(mediaUrl: string): Promise<Blob> {
  let res: Response;
  try {
    res = await fetch(mediaUrl, { signal: AbortSignal.timeout(60_000) });
  } catch (err) {
    throw new PublishError('retry_later', 'The file could not be read from storage. Try again.', describeError(err));
  }
  if (!res.ok) throw new PublishError('bad_media', 'The file is no longer in your library.');
  return await res.blob();
}

const X_CHUNK = 4 * 1024 * 1024;

async function twitter(input: PublishInput): Promise<Published> {
  const file = await download(input.mediaUrl);
  let mediaId: string | undefined;
  if (input.media === 'image') {
    const form = new FormData();
    form.set('media', new Blob([file], { type: input.mimeType }), 'media');
    form.set('media_category', 'tweet_image');
    mediaId = str(obj((await call('twitter', '/2/media/upload', { method: 'POST', token: input.token, body: form })).data).id);
  } else {
    const init = await call('twitter', '/2/media/upload/initialize', jsonInit(input.token, { media_type: input.mimeType, total_bytes: file.size, media_category: 'tweet_video' }));
    mediaId = str(obj(init.data).id);
    if (!mediaId) throw new PublishError('retry_later', WORDS.retry_later, init);
    for (let i = 0, offset = 0; offset < file.size; i++, offset += X_CHUNK) {
      const form = new FormData();
      form.set('media', file.slice(offset, offset + X_CHUNK), 'chunk');
      form.set('segment_index', String(i));
      await call('twitter', `/2/media/upload/${mediaId}/append`, { method: 'POST', token: input.token, body: form });
    }
    let info = obj(obj((await call('twitter', `/2/media/upload/${mediaId}/finalize`, { method: 'POST', token: input.token })).data).processing_info);
    await poll(async () => {
      if (!info.state || info.state === 'succeeded') return true;
      if (info.state === 'failed') throw new PublishError('bad_media', `X could not process the video${str(obj(info.error).message) ? `: ${obj(info.error).message}` : '.'}`, info);
      const status = await call('twitter', `/2/media/upload?media_id=${mediaId}&command=STATUS`, { token: input.token });
      info = obj(obj(status.data).processing_info);
      return info.state === 'succeeded' || !info.state ? true : null;
    }, 'video');
  }
  if (!mediaId) throw new PublishError('retry_later', WORDS.retry_later);
  const tweet = obj((await call('twitter', '/2/tweets', jsonInit(input.token, { text: input.caption, media: { media_ids: [mediaId] } }))).data);
  const id = str(tweet.id);
  if (!id) throw new PublishError('retry_later', WORDS.retry_later);
  return { id, url: `https://x.com/i/web/status/${id}` };
}

async function tiktok(input: PublishInput): Promise<Published> {
  const creator = obj((await call('tiktok', '/v2/post/publish/creator_info/query/', jsonInit(input.token, {}))).data);
  const options = Array.isArray(creator.privacy_level_options) ? creator.privacy_level_options.map(String) : [];
  // docs/spec.md §9: TikTok posts are public. An app TikTok has not audited may only post privately.
  const privacy = options.includes('PUBLIC_TO_EVERYONE') ? 'PUBLIC_TO_EVERYONE' : (options[0] ?? 'SELF_ONLY');
  const started = input.media === 'video'
    ? await tiktokVideoUpload(input, privacy)
    : await call('tiktok', '/v2/post/publish/content/init/', jsonInit(input.token, {
      // TikTok takes photos only by URL, from a URL prefix the app has verified (the storage domain).

      // A photo post's title is short (90); the caption goes in full in its description.
      post_info: { title: [...(input.caption.split('\n')[0] ?? input.title)].slice(0, 90).join(''), description: input.caption.slice(0, 4000), privacy_level: privacy, disable_comment: false },
      source_info: { source: 'PULL_FROM_URL', photo_images: [input.mediaUrl], photo_cover_index: 0 },
      post_mode: 'DIRECT_POST',
      media_type: 'PHOTO',
    }));
  const publishId = str(obj(started.data).publish_id);
  if (!publishId) throw new PublishError('retry_later', WORDS.retry_later, started);
  const ids = await poll(async () => {
    const s = obj((await call('tiktok', '/v2/post/publish/status/fetch/', jsonInit(input.token, { publish_id: publishId }))).data);
    if (s.status === 'PUBLISH_COMPLETE') return Array.isArray(s.publicaly_available_post_id) ? s.publicaly_available_post_id.map(String) : [];
    if (s.status === 'FAILED') throw classify('tiktok', 400, { error: { code: s.fail_reason, message: `TikTok could not publish it (${String(s.fail_reason ?? 'failed')})` } });
    return null;
  }, 'post');
  const id = ids[0] ?? publishId;
  return { id, url: ids[0] ? `https://www.tiktok.com/@/video/${ids[0]}` : null };
}

const MB = 1024 * 1024;
/** TikTok's media transfer rules: one chunk under 5 MB, else chunks of 5–64 MB, the last taking the rest (up to 128 MB). */
const TIKTOK_CHUNK = 10 * MB;

/**
 * A video goes to TikTok as a FILE_UPLOAD: init with its size and chunking, then each chunk PUT to
 * the upload URL with its Content-Range. (PULL_FROM_URL would need the storage domain verified
 * with TikTok for every deployment; the bytes are in hand anyway.)
 */
async function tiktokVideoUpload(input: PublishInput, privacy: string): Promise<Json> {
  const file = await download(input.mediaUrl);
  const size = file.size;
  const chunk = size < 5 * MB ? size : TIKTOK_CHUNK;
  const count = size < 5 * MB ? 1 : Math.floor(size / chunk);
  const started = await call('tiktok', '/v2/post/publish/video/init/', jsonInit(input.token, {
    post_info: { title: input.caption.slice(0, 2200), privacy_level: privacy, disable_comment: false, disable_duet: false, disable_stitch: false },
    source_info: { source: 'FILE_UPLOAD', video_size: size, chunk_size: chunk, total_chunk_count: count },
  }));
  const uploadUrl = str(obj(started.data).upload_url);
  if (!uploadUrl) throw new PublishError('retry_later', WORDS.retry_later, started);
  for (let i = 0; i < count; i++) {
    const first = i * chunk;
    const last = i === count - 1 ? size - 1 : first + chunk - 1;
    const res = await fetch(uploadUrl, {
      method: 'PUT',
      headers: { 'Content-Type': input.mimeType || 'video/mp4', 'Content-Range': `bytes ${first}-${last}/${size}` },
      body: file.slice(first, last + 1),
      signal: AbortSignal.timeout(120_000),
    }).catch((err) => {
      throw new PublishError('retry_later', WORDS.retry_later, describeError(err));
    });
    await res.body?.cancel();
    if (!res.ok) throw new PublishError('retry_later', 'TikTok did not take the video upload. Try again.');
  }
  return started;
}

/** The board named 'default' (docs/spec.md §9), made when the account has none. */
async function pinterestBoard(token: string): Promise<string> {
  const boards = await call('pinterest', '/v5/boards?page_size=100', { token });
  const items = Array.isArray(boards.items) ? boards.items.map(obj) : [];
  const found = items.find((b) => String(b.name).toLowerCase() === 'default');
  if (found && str(found.id)) return String(found.id);
  const made = await call('pinterest', '/v5/boards', jsonInit(token, { name: 'default', privacy: 'PUBLIC' }));
  const id = str(made.id);
  if (!id) throw new PublishError('retry_later', WORDS.retry_later, made);
  return id;
}

async function pinterest(input: PublishInput): Promise<Published> {
  const board = await pinterestBoard(input.token);
  let mediaSource: Json = { source_type: 'image_url', url: input.mediaUrl };
  if (input.media === 'video') {
    const registered = await call('pinterest', '/v5/media', jsonInit(input.token, { media_type: 'video' }));
    const mediaId = str(registered.media_id);
    const uploadUrl = str(registered.upload_url);
    if (!mediaId || !uploadUrl) throw new PublishError('retry_later', WORDS.retry_later, registered);
    const form = new FormData();
    for (const [k, v] of Object.entries(obj(registered.upload_parameters))) form.set(k, String(v));
    form.set('file', await download(input.mediaUrl), 'video.mp4');
    const up = await fetch(uploadUrl, { method: 'POST', body: form, signal: AbortSignal.timeout(120_000) }).catch((err) => {
      throw new PublishError('retry_later', WORDS.retry_later, describeError(err));
    });
    await up.body?.cancel();
    if (!up.ok) throw new PublishError('retry_later', 'Pinterest did not take the video upload. Try again.');
    await poll(async () => {
      const m = await call('pinterest', `/v5/media/${mediaId}`, { token: input.token });
      if (m.status === 'succeeded') return true;
      if (m.status === 'failed') throw new PublishError('bad_media', 'Pinterest could not process the video.', m);
      return null;
    }, 'video');
    mediaSource = { source_type: 'video_id', media_id: mediaId, cover_image_url: input.mediaUrl };
  }
  const pin = await call('pinterest', '/v5/pins', jsonInit(input.token, {
    board_id: board,
    title: input.title.slice(0, 100),
    description: input.caption.slice(0, 500),
    alt_text: input.title.slice(0, 500),
    media_source: mediaSource,
  }));
  const id = str(pin.id);
  if (!id) throw new PublishError('retry_later', WORDS.retry_later, pin);
  return { id, url: `https://www.pinterest.com/pin/${id}/` };
}

const PUBLISHERS: Record<Platform, (input: PublishInput) => Promise<Published>> = { instagram, facebook, twitter, tiktok, pinterest };

export function publish(input: PublishInput): Promise<Published> {
  return PUBLISHERS[input.platform](input);
}
