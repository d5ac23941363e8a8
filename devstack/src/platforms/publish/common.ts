/**
 * What every platform's publishing routes share: the store, the token check, failures that tests
 * ask for (`/_devstack/fail`), recording a published post, and background work (downloads and
 * probes that finish after the call that started them, like the platforms' own processing).
 */
import { PLATFORMS, PUBLISHING, type PlatformId } from '../catalog.js';
import type { Params, PlatformRequest, Reply } from '../http.js';
import type { OAuth } from '../oauth.js';
import type { FaultKind, PostRecord, Store, TokenRecord } from '../store.js';

export interface PublishContext {
  store: Store;
  oauth: OAuth;
  /** The stand-in's origin as the caller reached it, e.g. http://127.0.0.1:54328. */
  origin: string;
  /** URL prefixes verified for TikTok's PULL_FROM_URL (config.tiktokVerifiedUrlPrefixes). */
  verifiedUrlPrefixes: readonly string[];
  log(message: string): void;
}

export type Route = (ctx: PublishContext, req: PlatformRequest) => Promise<Reply | null>;

/** The token of a request, or the platform's own refusal. */
export function authorize(ctx: PublishContext, platform: PlatformId, req: PlatformRequest, params?: Params): TokenRecord | Reply {
  const who = ctx.oauth.bearer(PLATFORMS[platform], req, params);
  return who ?? PLATFORMS[platform].authError();
}
export const isReply = (x: TokenRecord | Reply): x is Reply => 'status' in x;

/**
 * A publish call consumes one pending failure, if a test asked for one. Rate limits, outages and
 * dead tokens answer here in the platform's words; `media_rejected` is returned for the platform's
 * route to refuse the media its own way.
 */
export function takeFault(ctx: PublishContext, platform: PlatformId, who: TokenRecord): { reply: Reply } | { mediaRejected: true } | null {
  const faults = ctx.store.state.faults;
  // A failure asked for this connection comes first, then one for the whole platform.
  const key = who.grant && faults[`${platform}:${who.grant}`] ? `${platform}:${who.grant}` : platform;
  const fault = faults[key];
  if (!fault || fault.remaining <= 0) return null;
  fault.remaining -= 1;
  if (fault.remaining <= 0) delete faults[key];
  ctx.store.save();
  return faultReply(platform, fault.kind);
}

function faultReply(platform: PlatformId, kind: FaultKind): { reply: Reply } | { mediaRejected: true } {
  switch (kind) {
    case 'rate_limit':
      return { reply: PUBLISHING[platform].rateLimited() };
    case 'server_error':
      return { reply: PUBLISHING[platform].serverError() };
    case 'token_expired':
      return { reply: PLATFORMS[platform].authError() };
    case 'media_rejected':
      return { mediaRejected: true };
  }
}

/** A made-up numeric id of `digits` digits, unique in this data folder. */
export function numericId(ctx: PublishContext, base: bigint): string {
  return (base + BigInt(ctx.store.next())).toString();
}

export function recordPost(ctx: PublishContext, post: Omit<PostRecord, 'createdAt'>): PostRecord {
  const record: PostRecord = { ...post, createdAt: Date.now() };
  ctx.store.state.posts[`${post.platform}:${post.id}`] = record;
  ctx.store.save();
  return record;
}

export function findPost(ctx: PublishContext, platform: PlatformId, id: string): PostRecord | null {
  return ctx.store.state.posts[`${platform}:${id}`] ?? null;
}

export function postsOf(ctx: PublishContext, platform: PlatformId, account?: string): PostRecord[] {
  return Object.values(ctx.store.state.posts).filter((p) => p.platform === platform && (!account || p.account === account));
}

/** Runs work after the answer has gone, logging instead of throwing. */
export function background(ctx: PublishContext, label: string, work: () => Promise<void>): void {
  void work().catch((error: unknown) => ctx.log(`${label} failed: ${(error as Error).stack ?? String(error)}`));
}

/** `/v21.0/…` (or any version) → `/…`: Meta's paths work with and without a version. */
export function stripMetaVersion(path: string): string {
  return path.replace(/^\/v\d+\.\d+(?=\/)/, '');
}

/** The fields a Graph API caller asked for (`fields=a,b`), or null for the default set. */
export function fieldsOf(req: PlatformRequest): Set<string> | null {
  const raw = req.url.searchParams.get('fields');
  return raw ? new Set(raw.split(',').map((f) => f.trim()).filter(Boolean)) : null;
}

export function pick(obj: Record<string, unknown>, fields: Set<string> | null, always: string[] = ['id']): Record<string, unknown> {
  if (!fields) return obj;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) if (fields.has(k) || always.includes(k)) out[k] = v;
  return out;
}

export const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');
