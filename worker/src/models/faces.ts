import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Faces in an ad: face-api's Tiny Face Detector (MIT; its weights, 190 KB, ship inside the
 * `@vladmandic/face-api` npm package) on TensorFlow.js's WebAssembly backend (its `.wasm` files ship
 * inside `@tensorflow/tfjs-backend-wasm`), so nothing is downloaded at run time. About 0.2 s for a
 * 1920 px photo on one core here. One detector per worker process, made on first use and reused.
 */
export interface FaceBox {
  /** Pixels of the image read. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** 0–1, the detector's confidence. */
  score: number;
}

/** Below this the detector's guesses include the round shapes of products (measured on bench/quality's ads). */
const MIN_SCORE = 0.5;
/** The detector's input side: faces down to about a twentieth of the image's short side are found. */
const INPUT_SIZE = 416;

type FaceApi = typeof import('@vladmandic/face-api/dist/face-api.node-wasm.js');
type Tf = typeof import('@tensorflow/tfjs');

const require = createRequire(import.meta.url);
let detector: Promise<{ tf: Tf; faceapi: FaceApi }> | undefined;

function load(): Promise<{ tf: Tf; faceapi: FaceApi }> {
  detector ??= (async () => {
    // The backend's Emscripten glue adds process-wide handlers that rethrow every uncaught error and
    // unhandled rejection: the process's own handling (and a test runner's) stays as it was.
    const before = { uncaught: new Set(process.listeners('uncaughtException')), rejection: new Set(process.listeners('unhandledRejection')) };
    const tf = require('@tensorflow/tfjs') as Tf;
    require('@tensorflow/tfjs-backend-wasm');
    const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
    try {
      await tf.setBackend('wasm');
      await tf.ready();
    } finally {
      for (const listener of process.listeners('uncaughtException')) if (!before.uncaught.has(listener)) process.removeListener('uncaughtException', listener);
      for (const listener of process.listeners('unhandledRejection')) if (!before.rejection.has(listener)) process.removeListener('unhandledRejection', listener);
    }
    const models = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    await faceapi.nets.tinyFaceDetector.loadFromDisk(models);
    return { tf, faceapi };
  })();
  detector.catch(() => {
    detector = undefined;
  });
  return detector;
}

/** Loads the detector ahead of the first ad (the worker does this when it starts). */
export async function warmFaces(): Promise<void> {
  await load();
}

/** The faces in an RGB image (three bytes a pixel), largest first. */
export async function detectFaces(rgb: Uint8Array, width: number, height: number): Promise<FaceBox[]> {
  const { tf, faceapi } = await load();
  const tensor = tf.tensor3d(rgb, [height, width, 3], 'int32');
  try {
    const found = await faceapi.detectAllFaces(tensor as never, new faceapi.TinyFaceDetectorOptions({ inputSize: INPUT_SIZE, scoreThreshold: MIN_SCORE }));
    return found
      .map((f) => ({ x: Math.max(0, f.box.x), y: Math.max(0, f.box.y), width: f.box.width, height: f.box.height, score: f.score }))
      .sort((a, b) => b.width * b.height - a.width * a.height);
  } finally {
    tensor.dispose();
  }
}
