import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Where ffmpeg and ffprobe are. An explicit FFMPEG_PATH / FFPROBE_PATH wins; then the system's
 * (Debian's build has every filter, flite included); then the static builds the
 * `@ffmpeg-installer/ffmpeg` and `@ffprobe-installer/ffprobe` npm packages ship (x264, libwebp,
 * libass, zoompan), so `npm install` alone is enough on a machine without ffmpeg.
 */
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

const SYSTEM_DIRS = ['/usr/bin', '/usr/local/bin', '/opt/homebrew/bin'];
const require = createRequire(import.meta.url);

function fromPackage(name: string): string | undefined {
  try {
    const found = (require(name) as { path?: string }).path;
    return found && existsSync(found) ? found : undefined;
  } catch {
    // The package has no build for this platform (its optional dependency was skipped).
    return undefined;
  }
}

function locate(tool: 'ffmpeg' | 'ffprobe', variable: string, pkg: string): string | undefined {
  const explicit = process.env[variable];
  if (explicit) return existsSync(explicit) ? explicit : undefined;
  for (const dir of SYSTEM_DIRS) {
    const candidate = `${dir}/${tool}`;
    if (existsSync(candidate)) return candidate;
  }
  return fromPackage(pkg);
}

let cached: MediaTools | null | undefined;

/** The tools, or null when neither the system nor the npm packages have them. */
export function findMediaTools(): MediaTools | null {
  if (cached !== undefined) return cached;
  const ffmpeg = locate('ffmpeg', 'FFMPEG_PATH', '@ffmpeg-installer/ffmpeg');
  const ffprobe = locate('ffprobe', 'FFPROBE_PATH', '@ffprobe-installer/ffprobe');
  cached = ffmpeg && ffprobe ? { ffmpeg, ffprobe } : null;
  return cached;
}

export function requireMediaTools(): MediaTools {
  const tools = findMediaTools();
  if (!tools) throw new Error('ffmpeg and ffprobe were not found: run npm install (it ships both), or set FFMPEG_PATH and FFPROBE_PATH.');
  return tools;
}
