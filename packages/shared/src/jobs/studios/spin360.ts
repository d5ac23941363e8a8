import * as z from 'zod';

/**
 * The 360° spin studio's rules and options, read by the studio's form and by the worker (which
 * checks the job's options again with the same schema). Sirv's and Photoroom's spins
 * use 24–72 frames; sellers shoot a numbered sequence or film one turn of a turntable.
 */
/** Spins live in the videos bucket: `{user}/360 Spin/{job}.mp4`, their other files in `{job}/`. */
export const SPIN_BUCKET = 'videos';
export const SPIN_FOLDER = '360 Spin';

export const SPIN_LIMITS = {
  minFrames: 8,
  maxFrames: 72,
  /** A turntable video: the container and its size and length. */
  maxVideoBytes: 200 * 1024 * 1024,
  maxVideoSeconds: 60,
  /** All the photos of one sequence together. */
  maxSequenceBytes: 600 * 1024 * 1024,
  /** The long side of each frame of the interactive viewer's set. */
  viewerFrameSize: 1200,
  /** The MP4's long side (1080×1080 for a square spin). */
  videoSize: 1080,
  /** The GIF/WebP loop for marketplaces: small enough to upload anywhere. */
  loopSize: 600,
} as const;

/** How many evenly spaced frames a turntable video gives. */
export const VIDEO_FRAME_COUNTS = [24, 36, 48, 72] as const;

export const SPIN_DIRECTIONS = ['clockwise', 'counterclockwise'] as const;
export const SPIN_BACKGROUNDS = ['keep', 'white'] as const;
export const SPIN_ASPECTS = ['square', 'source'] as const;
export const SPIN_LOOP_FORMATS = ['gif', 'webp'] as const;
export const SPIN_SOURCES = ['frames', 'video'] as const;

export const SPIN_DIRECTION_LABELS: Record<(typeof SPIN_DIRECTIONS)[number], string> = {
  clockwise: 'Clockwise',
  counterclockwise: 'Counter-clockwise',
};

/** Seconds one full turn takes in the MP4 and the loop (the viewer's autoplay follows it); at least 3, the shortest video Instagram and TikTok take. */
export const SPIN_SPEEDS = { min: 3, max: 12, default: 5 } as const;

export const spinOptionsSchema = z.object({
  source: z.enum(SPIN_SOURCES),
  direction: z.enum(SPIN_DIRECTIONS).default('clockwise'),
  seconds_per_turn: z.coerce.number().min(SPIN_SPEEDS.min).max(SPIN_SPEEDS.max).default(SPIN_SPEEDS.default),
  background: z.enum(SPIN_BACKGROUNDS).default('keep'),
  aspect: z.enum(SPIN_ASPECTS).default('square'),
  loop_format: z.enum(SPIN_LOOP_FORMATS).default('gif'),
  /** Frames taken from a turntable video (ignored for a photo sequence). */
  video_frames: z.coerce
    .number()
    .refine((n) => (VIDEO_FRAME_COUNTS as readonly number[]).includes(n), 'choose 24, 36, 48 or 72 frames')
    .default(36),
});
export type SpinOptions = z.infer<typeof spinOptionsSchema>;

/** The files of a finished spin besides its MP4, by name, as the worker stores them. */
export interface SpinFiles {
  poster: string;
  loop: string;
  frames: string[];
}

/** Frames per second of a spin that turns once in `secondsPerTurn` (never below 1). */
export const spinFps = (frames: number, secondsPerTurn: number) => Math.max(1, frames / secondsPerTurn);
