/**
 * Media as the platforms handle it: download the URL a client gives (with a timeout and a size cap,
 * as Instagram, Facebook, TikTok and Pinterest fetch it), look inside (sharp for images, ffprobe for
 * video: format, bytes, width × height, duration), and check it against a platform's rules
 * (catalog.ts PUBLISHING). Each platform turns a refusal into its own error body.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { findMediaTools } from '@shotcraft/worker/src/video/binaries.ts';
import type { ImageRule, MediaRules, VideoRule } from './catalog.js';
import type { MediaInfo } from './store.js';

const execFileAsync = promisify(execFile);

/** How long the stand-in waits for a media URL (the platforms give up after a while too). */
export const DOWNLOAD_TIMEOUT_MS = 15_000;

export type Download =
  | { ok: true; bytes: Buffer; contentType: string }
  | { ok: false; reason: 'timeout' | 'unreachable' | 'not_found' | 'too_large'; detail: string };

export async function download(url: string, maxBytes: number, timeoutMs = DOWNLOAD_TIMEOUT_MS): Promise<Download> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'unreachable', detail: 'not a URL' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { ok: false, reason: 'unreachable', detail: 'not an http(s) URL' };
  try {
    const res = await fetch(parsed, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      return { ok: false, reason: 'not_found', detail: `HTTP ${res.status}` };
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > maxBytes) return { ok: false, reason: 'too_large', detail: `more than ${maxBytes} bytes` };
      chunks.push(Buffer.from(chunk));
    }
    return { ok: true, bytes: Buffer.concat(chunks), contentType: res.headers.get('content-type') ?? '' };
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') return { ok: false, reason: 'timeout', detail: `no answer within ${timeoutMs} ms` };
    return { ok: false, reason: 'unreachable', detail: (error as Error).message };
  }
}

interface FfprobeOut {
  format?: { format_name?: string; duration?: string; tags?: Record<string, string> };
  streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number; duration?: string }[];
}

/** What the bytes are. Never throws: unreadable bytes are `kind: 'unknown'`. */
export async function probe(bytes: Buffer): Promise<MediaInfo> {
  const unknown: MediaInfo = { kind: 'unknown', format: 'unknown', bytes: bytes.length, width: null, height: null, duration: null };
  if (bytes.length === 0) return unknown;
  const isoBrand = bytes.length > 12 && bytes.subarray(4, 8).toString('latin1') === 'ftyp' ? bytes.subarray(8, 12).toString('latin1') : null;
  const looksLikeVideo = (isoBrand !== null && !/^(heic|heix|mif1|msf1|avif)/.test(isoBrand)) || bytes.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
  if (!looksLikeVideo) {
    try {
      const meta = await sharp(bytes, { animated: true }).metadata();
      if (meta.format && meta.width && meta.height) {
        const height = meta.pageHeight ?? meta.height;
        return { kind: 'image', format: meta.format === 'jpg' ? 'jpeg' : meta.format, bytes: bytes.length, width: meta.width, height, duration: null };
      }
    } catch {
      // not an image sharp knows: try ffprobe
    }
  }
  const tools = findMediaTools();
  if (!tools) return unknown;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'platform-probe-'));
  try {
    const file = path.join(dir, 'media');
    writeFileSync(file, bytes);
    const { stdout } = await execFileAsync(tools.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { timeout: 20_000 });
    const out = JSON.parse(stdout) as FfprobeOut;
    const video = out.streams?.find((s) => s.codec_type === 'video');
    const formatName = out.format?.format_name ?? '';
    if (!video) return unknown;
    let format = formatName;
    if (formatName.includes('mp4') || formatName.includes('mov')) {
      const brand = (out.format?.tags?.major_brand ?? isoBrand ?? '').trim();
      format = brand === 'qt' ? 'mov' : 'mp4';
    } else if (formatName.includes('webm') || formatName.includes('matroska')) {
      format = 'webm';
    }
    // Still images ffprobe reads (png_pipe, image2 …) are not video.
    const duration = Number(out.format?.duration ?? video.duration);
    if (/_pipe$|^image2$/.test(formatName) || !Number.isFinite(duration)) return { ...unknown, format: formatName };
    return { kind: 'video', format, bytes: bytes.length, width: video.width ?? null, height: video.height ?? null, duration };
  } catch {
    return unknown;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export type Refusal = { reason: 'format' | 'size' | 'aspect' | 'duration' | 'kind'; message: string };

export function checkImage(info: MediaInfo, rule: ImageRule): Refusal | null {
  if (info.kind !== 'image') return { reason: 'kind', message: `expected an image, got ${info.kind === 'unknown' ? 'unreadable bytes' : info.format}` };
  if (!rule.formats.includes(info.format)) return { reason: 'format', message: `${info.format.toUpperCase()} is not supported (${rule.formats.join(', ').toUpperCase()})` };
  if (info.bytes > rule.maxBytes) return { reason: 'size', message: `${info.bytes} bytes is more than ${rule.maxBytes}` };
  if (info.width && info.height && (rule.minAspect || rule.maxAspect)) {
    const aspect = info.width / info.height;
    if ((rule.minAspect && aspect < rule.minAspect - 1e-3) || (rule.maxAspect && aspect > rule.maxAspect + 1e-3)) {
      return { reason: 'aspect', message: `aspect ${info.width}×${info.height} is outside ${rule.minAspect?.toFixed(2)} … ${rule.maxAspect?.toFixed(2)}` };
    }
  }
  return null;
}

export function checkVideo(info: MediaInfo, rule: VideoRule): Refusal | null {
  if (info.kind !== 'video') return { reason: 'kind', message: `expected a video, got ${info.kind === 'unknown' ? 'unreadable bytes' : info.format}` };
  if (!rule.formats.includes(info.format)) return { reason: 'format', message: `${info.format.toUpperCase()} is not supported (${rule.formats.join(', ').toUpperCase()})` };
  if (info.bytes > rule.maxBytes) return { reason: 'size', message: `${info.bytes} bytes is more than ${rule.maxBytes}` };
  if (info.duration !== null && ((rule.minSeconds && info.duration < rule.minSeconds) || (rule.maxSeconds && info.duration > rule.maxSeconds))) {
    return { reason: 'duration', message: `${info.duration.toFixed(1)} s is outside ${rule.minSeconds ?? 0} … ${rule.maxSeconds} s` };
  }
  return null;
}

/** Download + probe + check in one go, for the platforms that fetch a URL. */
export async function fetchAndCheck(url: string, rules: MediaRules, want: 'image' | 'video'): Promise<
  | { ok: true; info: MediaInfo; bytes: Buffer }
  | { ok: false; download: Extract<Download, { ok: false }> }
  | { ok: false; refusal: Refusal; info: MediaInfo }
> {
  const got = await download(url, (want === 'image' ? rules.image.maxBytes : rules.video.maxBytes) + 1);
  if (!got.ok) {
    if (got.reason === 'too_large') {
      const info: MediaInfo = { kind: want, format: want === 'image' ? 'jpeg' : 'mp4', bytes: (want === 'image' ? rules.image.maxBytes : rules.video.maxBytes) + 1, width: null, height: null, duration: null };
      return { ok: false, refusal: { reason: 'size', message: got.detail }, info };
    }
    return { ok: false, download: got };
  }
  const info = await probe(got.bytes);
  const refusal = want === 'image' ? checkImage(info, rules.image) : checkVideo(info, rules.video);
  return refusal ? { ok: false, refusal, info } : { ok: true, info, bytes: got.bytes };
}
