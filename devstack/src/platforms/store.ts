/**
 * The stand-in's state, kept in one JSON file (`platforms/state.json` in the data folder) and
 * written after every change: OAuth codes and tokens, and everything publishing leaves behind —
 * Instagram containers, uploaded media (X, TikTok, Pinterest), TikTok publishes, Pinterest boards,
 * the published posts, and the failures tests asked for. Uploaded bytes live next to it in `media/`.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PlatformId } from './catalog.js';

export interface CodeRecord {
  platform: PlatformId;
  clientId: string;
  redirectUri: string;
  scope: string;
  challenge: string | null;
  method: string | null;
  accountId: string;
  expiresAt: number;
}

export interface TokenRecord {
  platform: PlatformId;
  accountId: string;
  scope: string;
  kind: 'access' | 'refresh';
  expiresAt: number;
  /** A rotated refresh token, or a revoked token. */
  dead: boolean;
  /**
   * One connection (consent): its tokens, refreshed ones and a Facebook Page token share it. Every
   * local user connects the same demo account, so per-connection limits (Instagram's 50 a day) and
   * failures asked for one connection (`/_devstack/fail` with a token) keep users and tests apart.
   */
  grant?: string;
}

/** What the stand-in learnt about a media file (sharp for images, ffprobe for video). */
export interface MediaInfo {
  kind: 'image' | 'video' | 'unknown';
  /** jpeg, png, webp, gif, tiff, heif · mp4, mov, webm · or what the probe said. */
  format: string;
  bytes: number;
  width: number | null;
  height: number | null;
  /** Seconds (video). */
  duration: number | null;
}

export interface PostMedia {
  url: string;
  kind: 'image' | 'video';
  format: string;
  width: number | null;
  height: number | null;
}

export interface PostRecord {
  platform: PlatformId;
  /** The account id on the platform (IG user, FB Page, X user, TikTok open_id, Pinterest user). */
  account: string;
  /** The platform's id of the post (IG media id, FB post id, tweet id, TikTok post id, pin id). */
  id: string;
  text: string;
  media: PostMedia[];
  /** Milliseconds since the epoch; `/_devstack/posts/:id/age` moves it back. */
  createdAt: number;
  permalink: string;
  /** Platform specifics: IG media_type / product type, pin title / link / board, TikTok privacy … */
  extra: Record<string, unknown>;
  /** The connection that posted it (TokenRecord.grant). */
  grant?: string;
}

/** An Instagram media container (`POST /{ig-user-id}/media`). */
export interface ContainerRecord {
  id: string;
  account: string;
  mediaType: 'IMAGE' | 'VIDEO' | 'REELS' | 'STORIES' | 'CAROUSEL';
  caption: string;
  isCarouselItem: boolean;
  children: string[];
  media: PostMedia | null;
  /** When the download and checks finish (ms); null while they run. */
  readyAt: number | null;
  /** Set when the media failed its checks: the container ends in ERROR with this status text. */
  error: string | null;
  publishedAs: string | null;
  createdAt: number;
}

/** Bytes a client uploaded (X media, a TikTok FILE_UPLOAD, a Pinterest video). */
export interface UploadRecord {
  id: string;
  platform: PlatformId;
  account: string;
  /** What the client declared (X media_type / media_category, Pinterest media_type). */
  declaredType: string;
  category: string;
  totalBytes: number | null;
  /** Segments received, by index (X) or byte ranges received (TikTok). */
  received: number;
  segments: number[];
  finalized: boolean;
  /** Processing ends at this time (ms) with `info` / `error`. */
  readyAt: number | null;
  info: MediaInfo | null;
  error: string | null;
  createdAt: number;
  /** X media ids expire. */
  expiresAt: number;
}

export interface TikTokPublishRecord {
  publishId: string;
  account: string;
  kind: 'video' | 'photo';
  source: 'PULL_FROM_URL' | 'FILE_UPLOAD';
  postMode: 'DIRECT_POST' | 'MEDIA_UPLOAD';
  title: string;
  description: string;
  privacy: string;
  urls: string[];
  uploadId: string | null;
  /** Checks finish at this time (ms); until then PROCESSING_DOWNLOAD / PROCESSING_UPLOAD. */
  readyAt: number | null;
  failReason: string | null;
  postId: string | null;
  downloadedBytes: number;
  createdAt: number;
}

/** A Facebook Page photo or video (a published one also has a post). */
export interface FacebookObjectRecord {
  id: string;
  kind: 'photo' | 'video';
  page: string;
  media: PostMedia | null;
  caption: string;
  title: string;
  published: boolean;
  postId: string | null;
  /** Video processing: null while it runs. */
  readyAt: number | null;
  error: string | null;
  createdAt: number;
}

export interface BoardRecord {
  id: string;
  name: string;
  description: string;
  privacy: 'PUBLIC' | 'PROTECTED' | 'SECRET';
  createdAt: number;
}

export type FaultKind = 'rate_limit' | 'media_rejected' | 'server_error' | 'token_expired';

export interface State {
  codes: Record<string, CodeRecord>;
  tokens: Record<string, TokenRecord>;
  posts: Record<string, PostRecord>;
  containers: Record<string, ContainerRecord>;
  uploads: Record<string, UploadRecord>;
  tiktok: Record<string, TikTokPublishRecord>;
  boards: Record<string, BoardRecord>;
  facebook: Record<string, FacebookObjectRecord>;
  /** Pending failures by platform, or by `platform:grant` for one connection. */
  faults: Record<string, { kind: FaultKind; remaining: number }>;
  /** Feeds every id the stand-in makes up. */
  seq: number;
}

const empty = (): State => ({ codes: {}, tokens: {}, posts: {}, containers: {}, uploads: {}, tiktok: {}, boards: {}, facebook: {}, faults: {}, seq: 0 });

export interface Store {
  state: State;
  save(): void;
  /** A new number, unique for this data folder. */
  next(): number;
  /** Where uploaded bytes go. */
  mediaPath(id: string): string;
  /** Forget what was posted (not OAuth). */
  resetPublishing(): void;
}

export function openStore(file: string): Store {
  let state = empty();
  if (existsSync(file)) {
    try {
      // Older files have only codes and tokens: fill in the rest.
      state = { ...empty(), ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<State>) };
    } catch {
      // a torn file: start empty
    }
  }
  const mediaDir = path.join(path.dirname(file), 'media');
  const store: Store = {
    get state() {
      return state;
    },
    save() {
      writeFileSync(`${file}.tmp`, JSON.stringify(state));
      renameSync(`${file}.tmp`, file);
    },
    next() {
      state.seq += 1;
      return state.seq;
    },
    mediaPath(id: string) {
      mkdirSync(mediaDir, { recursive: true });
      return path.join(mediaDir, id.replace(/[^\w.-]/g, '_'));
    },
    resetPublishing() {
      const { codes, tokens, seq } = state;
      state = { ...empty(), codes, tokens, seq };
      store.save();
    },
  };
  return store;
}

export const nowSec = () => Math.floor(Date.now() / 1000);
