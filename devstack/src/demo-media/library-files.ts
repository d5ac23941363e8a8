/**
 * Gives the seeded demo jobs (supabase/seed.sql) real files, so the demo account's Content Library
 * shows pictures and plays videos instead of 'File missing' tiles. Only rows the seed made
 * (input_data.seed = true) whose storage object is absent are touched: a real user's missing file
 * is never papered over. Each generated file is uploaded through the devstack's Storage HTTP API
 * with the service role, and the row's byte count is set to the real size, so the library's
 * 'size in MB' is the truth. Idempotent; never throws (one log line instead).
 *
 *   await seedLibraryFiles({ config, log: (m) => log('demo-media', m) });
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import type { DevstackConfig } from '../core/types.js';

const CACHE_VERSION = 'v2';
const VIDEO = { width: 540, height: 960, seconds: 3, fps: 20 } as const;

interface SeedRow {
  id: string;
  bucket: string;
  storage_path: string;
  mime_type: string | null;
  product_name: string;
  content_type: string;
}

const PALETTES: Record<string, [string, string]> = {
  lightbox: ['#f8fafc', '#cbd5e1'],
  refine_image: ['#fde68a', '#f97316'],
  '360_video': ['#a5b4fc', '#4338ca'],
  ugc_video: ['#f9a8d4', '#be185d'],
  facebook_ad: ['#93c5fd', '#1d4ed8'],
};

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A product-shot-like picture: a gradient backdrop, a soft shadow, a rounded "product" and its name. */
export function libraryArtSvg(row: Pick<SeedRow, 'product_name' | 'content_type'>, width: number, height: number): string {
  const [from, to] = PALETTES[row.content_type] ?? ['#e2e8f0', '#64748b'];
  const s = Math.min(width, height);
  const cx = width / 2;
  const cy = height * 0.45;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <ellipse cx="${cx}" cy="${cy + s * 0.26}" rx="${s * 0.24}" ry="${s * 0.04}" fill="#000" opacity="0.18"/>
  <rect x="${cx - s * 0.17}" y="${cy - s * 0.22}" width="${s * 0.34}" height="${s * 0.44}" rx="${s * 0.05}" fill="#ffffff" opacity="0.92"/>
  <circle cx="${cx}" cy="${cy - s * 0.02}" r="${s * 0.08}" fill="${to}" opacity="0.85"/>
  <text x="${cx}" y="${height * 0.86}" font-family="sans-serif" font-size="${Math.round(Math.min(s * 0.05, (width * 0.9) / (row.product_name.length * 0.6)))}" font-weight="700" fill="#0f172a" text-anchor="middle">${escapeXml(row.product_name)}</text>
</svg>`;
}

function findFfmpeg(): string | undefined {
  const candidates = [process.env.FFMPEG_PATH, '/usr/bin/ffmpeg', '/usr/local/bin/ffmpeg', '/opt/homebrew/bin/ffmpeg'];
  return candidates.find((c): c is string => !!c && existsSync(c));
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}: ${stderr.slice(-300)}`))));
  });
}

/** Renders (or reuses from the cache) the file for one row; returns its path and content type. */
async function renderFile(row: SeedRow, dir: string, ffmpeg: string | undefined): Promise<{ file: string; contentType: string } | null> {
  const ext = path.extname(row.storage_path).slice(1).toLowerCase();
  const key = `${row.content_type}-${row.product_name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.${ext}`;
  const file = path.join(dir, key);
  const tmp = `${file}.part.${ext}`;
  if (ext === 'mp4') {
    if (!existsSync(file)) {
      if (!ffmpeg) return null;
      const poster = path.join(dir, `${key}.png`);
      await sharp(Buffer.from(libraryArtSvg(row, VIDEO.width * 1.3, VIDEO.height * 1.3))).png().toFile(poster);
      const frames = VIDEO.seconds * VIDEO.fps;
      await run(ffmpeg, [
        '-hide_banner', '-loglevel', 'error', '-y', '-loop', '1', '-i', poster,
        '-vf', `zoompan=z='1+0.25*on/${frames}':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=${frames}:s=${VIDEO.width}x${VIDEO.height}:fps=${VIDEO.fps},format=yuv420p`,
        '-frames:v', String(frames), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28', '-movflags', '+faststart', tmp,
      ]);
      rmSync(poster, { force: true });
      renameSync(tmp, file);
    }
    return { file, contentType: 'video/mp4' };
  }
  if (!existsSync(file)) {
    const image = sharp(Buffer.from(libraryArtSvg(row, 1080, 1080)));
    await (ext === 'png' ? image.png() : image.jpeg({ quality: 82, mozjpeg: true })).toFile(tmp);
    renameSync(tmp, file);
  }
  return { file, contentType: ext === 'png' ? 'image/png' : 'image/jpeg' };
}

async function upload(config: DevstackConfig, bucket: string, name: string, body: Buffer, contentType: string): Promise<void> {
  const encoded = name.split('/').map(encodeURIComponent).join('/');
  const res = await fetch(`${config.apiUrl}/storage/v1/object/${bucket}/${encoded}`, {
    method: 'POST',
    headers: { apikey: config.serviceRoleKey, authorization: `Bearer ${config.serviceRoleKey}`, 'content-type': contentType, 'x-upsert': 'true' },
    body: new Uint8Array(body),
  });
  if (!res.ok) throw new Error(`uploading ${bucket}/${name} answered ${res.status}: ${await res.text()}`);
}

export async function seedLibraryFiles({ config, log }: { config: DevstackConfig; log: (m: string) => void }): Promise<void> {
  const db = new pg.Client({ connectionString: config.dbUrl });
  try {
    await db.connect();
    const { rows } = await db.query<SeedRow>(
      `select c.id, c.bucket, c.storage_path, c.mime_type, c.product_name, c.content_type
         from public.content_generations c
        where c.input_data ->> 'seed' = 'true' and c.storage_path is not null
          and not exists (select 1 from storage.objects o where o.bucket_id = c.bucket and o.name = c.storage_path)`,
    );
    if (rows.length === 0) return;
    const dir = path.join(config.rootDir, 'node_modules', '.cache', 'shotcraft-library-files', CACHE_VERSION);
    mkdirSync(dir, { recursive: true });
    const ffmpeg = findFfmpeg();
    let made = 0;
    for (const row of rows) {
      const rendered = await renderFile(row, dir, ffmpeg);
      if (!rendered) continue;
      const body = readFileSync(rendered.file);
      await upload(config, row.bucket, row.storage_path, body, rendered.contentType);
      await db.query(
        `update public.content_generations set bytes = $2, metadata = metadata || jsonb_build_object('size', $2::bigint) where id = $1`,
        [row.id, body.byteLength],
      );
      made += 1;
    }
    const skipped = rows.length - made;
    log(`gave ${made} seeded library item(s) real files${skipped ? `; ${skipped} video(s) skipped: ffmpeg not found (they show as 'File missing')` : ''}`);
  } catch (err) {
    log(`could not give the seeded library items files: ${(err as Error).message}`);
  } finally {
    await db.end().catch(() => undefined);
  }
}
