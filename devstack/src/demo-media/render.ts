/**
 * Renders a scene to a short H.264 MP4 and a poster JPEG: sharp draws each SVG frame to raw RGBA,
 * ffmpeg encodes them from stdin. Writes to a temp name first, so a crash never leaves a half file
 * that the cache would later trust.
 */
import { spawn } from 'node:child_process';
import { renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { FRAME, sceneSvg, type Scene } from './scenes.js';

const frameCount = FRAME.fps * FRAME.seconds;

function renderFrame(scene: Scene, i: number): Promise<Buffer> {
  return sharp(Buffer.from(sceneSvg(scene, i / frameCount)))
    .ensureAlpha()
    .raw()
    .toBuffer();
}

export async function renderPoster(scene: Scene, file: string): Promise<void> {
  const tmp = `${file}.part`;
  await sharp(Buffer.from(sceneSvg(scene, 0.15))).jpeg({ quality: 78, mozjpeg: true }).toFile(tmp);
  renameSync(tmp, file);
}

export function renderVideo(scene: Scene, file: string, ffmpeg: string): Promise<void> {
  const tmp = `${file}.part.mp4`;
  const args = [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${FRAME.width}x${FRAME.height}`, '-r', String(FRAME.fps), '-i', '-',
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '27', '-pix_fmt', 'yuv420p', '-threads', '1',
    '-movflags', '+faststart', '-an', tmp,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) {
        renameSync(tmp, file);
        resolve();
      } else {
        rmSync(tmp, { force: true });
        reject(new Error(`ffmpeg exited ${code} for ${path.basename(file)}: ${stderr.trim().slice(0, 300)}`));
      }
    });
    void (async () => {
      try {
        for (let i = 0; i < frameCount; i++) {
          const frame = await renderFrame(scene, i);
          if (!child.stdin.write(frame)) await new Promise((r) => child.stdin.once('drain', r));
        }
        child.stdin.end();
      } catch (err) {
        child.kill('SIGKILL');
        reject(err as Error);
      }
    })();
  });
}
