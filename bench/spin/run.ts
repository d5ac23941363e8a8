import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { spinOptionsSchema } from '@shotcraft/shared/jobs/studios/spin360.ts';
import { makeSpin } from '@shotcraft/worker/src/studios/spin360/pipeline.ts';
import type { SpinSource } from '@shotcraft/worker/src/studios/spin360/source.ts';
import { turntableSvg } from '@shotcraft/worker/src/studios/spin360/test-frames.ts';
import { findMediaTools } from '@shotcraft/worker/src/video/binaries.ts';
import { probeMedia, runFfmpeg } from '@shotcraft/worker/src/video/ffmpeg.ts';

/**
 * `npx tsx bench/spin/run.ts` prints JSON: 36 phone photos of 12 MP (4000×3000 JPEG, textured so
 * they weigh what a phone photo does) → every spin output (MP4, GIF, poster, 36 viewer frames), and
 * a 10 s 1080p turntable video → the same, in this process; medians of BENCH_RUNS (default 3)
 * after a warm-up, the time of each phase, and peak RSS. Targets on a 2-core machine: photos ≤ 6 s,
 * video ≤ 8 s. Fixtures are made once into the system's temp folder.
 */
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const median = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!);
sharp.cache(false);

const cache = path.join(os.tmpdir(), 'shotcraft-bench-spin-v1');
const photosDir = path.join(cache, 'photos');
const video = path.join(cache, 'turntable-1080p-10s.mp4');
await mkdir(photosDir, { recursive: true });

async function fixtures() {
  const have = await readdir(photosDir).catch(() => []);
  if (have.length < 36) {
    const noise = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 28 } } }).png().toBuffer();
    for (let i = 0; i < 36; i++) {
      await sharp(Buffer.from(turntableSvg(i, 36, 4000, 3000, 300)))
        .composite([{ input: noise, blend: 'soft-light' }])
        .jpeg({ quality: 90 })
        .toFile(path.join(photosDir, `${String(i).padStart(3, '0')}_IMG.jpg`));
    }
  }
  if (!(await stat(video).catch(() => null))) {
    const frames = path.join(cache, 'video-frames');
    await mkdir(frames, { recursive: true });
    for (let i = 0; i < 60; i++) await sharp(Buffer.from(turntableSvg(i, 60, 1920, 1080, 120))).jpeg({ quality: 90 }).toFile(path.join(frames, `${String(i).padStart(3, '0')}.jpg`));
    await runFfmpeg(['-framerate', '6', '-i', path.join(frames, '%03d.jpg'), '-r', '30', '-c:v', 'libx264', '-preset', 'medium', '-pix_fmt', 'yuv420p', '-t', '10', video], { timeoutMs: 300_000 });
  }
}
await fixtures();
const photoFiles = (await readdir(photosDir)).sort().map((f) => path.join(photosDir, f));
const avgBytes = Math.round((await Promise.all(photoFiles.map((f) => stat(f)))).reduce((s, st) => s + st.size, 0) / photoFiles.length);

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);

async function measure(make: (dir: string) => Promise<SpinSource>, options: ReturnType<typeof spinOptionsSchema.parse>) {
  const times: number[] = [];
  const phases: { analyse: number; render: number; encode: number }[] = [];
  let outputs = {};
  for (let i = 0; i < runs + 1; i++) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-spin-'));
    const source = await make(dir);
    const marks: Record<string, number> = {};
    const start = performance.now();
    const spin = await makeSpin(source, options, {
      progress: (f) => {
        if (f >= 0.3 && marks.analysed === undefined) marks.analysed = performance.now() - start;
        if (f >= 0.65 && marks.rendered === undefined) marks.rendered = performance.now() - start;
      },
    });
    const total = performance.now() - start;
    if (i > 0) {
      times.push(total);
      phases.push({ analyse: marks.analysed ?? 0, render: (marks.rendered ?? 0) - (marks.analysed ?? 0), encode: total - (marks.rendered ?? 0) });
    }
    outputs = { mp4_bytes: spin.mp4.length, loop_bytes: spin.loop.buffer.length, frames: spin.frames.length, frame_size: `${spin.frameSize.width}×${spin.frameSize.height}`, video: `${spin.video.width}×${spin.video.height}, ${spin.video.frames} frames` };
    await rm(dir, { recursive: true, force: true });
  }
  const mid = phases[Math.floor(phases.length / 2)]!;
  return { ms: { min: Math.round(Math.min(...times)), median: median(times), max: Math.round(Math.max(...times)) }, phases_ms: { analyse: Math.round(mid.analyse), render: Math.round(mid.render), encode: Math.round(mid.encode) }, outputs };
}

const photos = await measure(
  async (dir) => ({ kind: 'frames', dir, photos: photoFiles.map((file, i) => ({ file, label: `Photo ${i + 1}`, width: 4000, height: 3000 })) }),
  spinOptionsSchema.parse({ source: 'frames' }),
);
const probe = await probeMedia(video);
const fromVideo = await measure(async (dir) => ({ kind: 'video', dir, file: video, probe, durationSeconds: Number(probe.format.duration) }), spinOptionsSchema.parse({ source: 'video', video_frames: 36 }));
clearInterval(sampler);

console.log(
  JSON.stringify(
    {
      machine: { cpus: os.cpus().length, node: process.version, ffmpeg: findMediaTools()?.ffmpeg },
      runs,
      photos36x12mp: { ...photos, target_ms: 6000, met: photos.ms.median <= 6000, avg_jpeg_bytes: avgBytes },
      video10s1080p: { ...fromVideo, target_ms: 8000, met: fromVideo.ms.median <= 8000 },
      peak_rss_mb: Math.round(Math.max(peakRss, process.resourceUsage().maxRSS * 1024) / 1024 / 1024),
    },
    null,
    2,
  ),
);
