import { env } from '@/lib/env';

/** The embedding page's origin when it is one we allow (VITE_EMBED_ALLOWED_ORIGINS), else null. */
export function allowedParent(candidate: string | null, allowed = env().VITE_EMBED_ALLOWED_ORIGINS ?? ''): string | null {
  if (!candidate) return null;
  let origin: string;
  try {
    origin = new URL(candidate).origin;
  } catch {
    return null;
  }
  const ok = allowed
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .some((pattern) => {
      if (pattern === origin) return true;
      const m = /^(https?:\/\/[^:/]+):\*$/.exec(pattern);
      return !!m && new RegExp(`^${m[1]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(:\\d+)?$`).test(origin);
    });
  return ok ? origin : null;
}

export interface VideoReadyMessage {
  type: 'shotcraft:video-ready';
  video: { id: string; title: string; url: string; durationSeconds: number | null };
}

/** Tells the embedding page a video is done — that page only (postMessage's target origin). */
export function tellParent(parent: string | null, message: VideoReadyMessage): boolean {
  if (!parent || window.parent === window) return false;
  window.parent.postMessage(message, parent);
  return true;
}
