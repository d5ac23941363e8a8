import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { WorkerError } from '../http/errors.js';
import { requireMediaTools } from './binaries.js';

const execFileAsync = promisify(execFile);

export interface FfmpegRun {
  /** How much work there is, for progress: output frames, or output seconds. */
  total?: { frames: number } | { seconds: number };
  /** 0–1 as ffmpeg reports it (-progress), at most a few times a second. */
  onProgress?: (fraction: number) => void;
  /** Kills ffmpeg after this long (default 2 minutes): a hung encode must not hold a job forever. */
  timeoutMs?: number;
  /** Threads for the encoder (default: ffmpeg's choice). */
  threads?: number;
  /** Working directory, so filter arguments can name files by plain relative names. */
  cwd?: string;
}

/** The keys of ffmpeg's `-progress` blocks that say how far it is. */
function progressOf(block: Map<string, string>, total: FfmpegRun['total']): number | null {
  if (!total) return null;
  if ('frames' in total) {
    const frame = Number(block.get('frame'));
    return Number.isFinite(frame) && total.frames > 0 ? frame / total.frames : null;
  }
  const us = Number(block.get('out_time_us') ?? block.get('out_time_ms'));
  return Number.isFinite(us) && total.seconds > 0 ? us / 1e6 / total.seconds : null;
}

/**
 * Runs ffmpeg with `args` (inputs, filters, output), reporting progress from its machine-readable
 * `-progress pipe:1` stream. Fails with the tail of its log when it exits non-zero or is killed.
 */
export function runFfmpeg(args: string[], run: FfmpegRun = {}): Promise<void> {
  const { ffmpeg } = requireMediaTools();
  const full = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-progress', 'pipe:1', '-nostats', ...(run.threads ? ['-threads', String(run.threads)] : []), ...args];
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, full, { stdio: ['ignore', 'pipe', 'pipe'], cwd: run.cwd });
    let stderr = '';
    let pending = '';
    let block = new Map<string, string>();
    const timer = setTimeout(() => child.kill('SIGKILL'), run.timeoutMs ?? 120_000);
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-2000);
    });
    child.stdout.on('data', (d: Buffer) => {
      pending += d.toString();
      let newline: number;
      while ((newline = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, newline).trim();
        pending = pending.slice(newline + 1);
        const eq = line.indexOf('=');
        if (eq < 0) continue;
        const key = line.slice(0, eq);
        block.set(key, line.slice(eq + 1));
        // Each block ends with progress=continue|end.
        if (key === 'progress') {
          const fraction = progressOf(block, run.total);
          if (fraction !== null) run.onProgress?.(Math.min(1, Math.max(0, fraction)));
          block = new Map();
        }
      }
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new FfmpegError(signal ? `ffmpeg was stopped (${signal})` : `ffmpeg exited with code ${code}`, stderr.trim()));
    });
  });
}

export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly log: string,
  ) {
    super(log ? `${message}: ${log.split('\n').slice(-3).join(' ')}` : message);
    this.name = 'FfmpegError';
  }
}

export interface ProbedStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  nb_frames?: string;
  avg_frame_rate?: string;
  duration?: string;
  tags?: Record<string, string>;
  side_data_list?: { rotation?: number }[];
}

export interface Probe {
  format: { format_name?: string; duration?: string; size?: string };
  streams: ProbedStream[];
}

/** ffprobe's view of a media file (container, streams), or a clear refusal when it has none. */
export async function probeMedia(file: string, what = 'The video'): Promise<Probe> {
  const { ffprobe } = requireMediaTools();
  try {
    const { stdout } = await execFileAsync(
      ffprobe,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      { timeout: 30_000, maxBuffer: 4 * 1024 * 1024 },
    );
    const parsed = JSON.parse(stdout) as Partial<Probe>;
    return { format: parsed.format ?? {}, streams: parsed.streams ?? [] };
  } catch {
    throw new WorkerError('undecodable_media', `${what} could not be read. It may be damaged or incomplete; export it again and retry.`);
  }
}

/** A video stream's frame count as ffprobe can tell it (counting packets when the header has none). */
export async function countFrames(file: string): Promise<number> {
  const { ffprobe } = requireMediaTools();
  const { stdout } = await execFileAsync(
    ffprobe,
    ['-v', 'error', '-select_streams', 'v:0', '-count_packets', '-show_entries', 'stream=nb_read_packets', '-of', 'csv=p=0', file],
    { timeout: 30_000 },
  );
  return Number.parseInt(stdout.trim(), 10);
}
