import { randomUUID, timingSafeEqual } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { bearerToken } from '../../auth.js';
import { WorkerError } from '../../http/errors.js';
import { fileTooLargeMessage } from '../../http/multipart.js';
import type { Timings } from '../../http/respond.js';
import type { EncodedImage } from '../../image/encode.js';
import { validateAndDecode } from '../../image/validate.js';
import type { Ticket } from '../../queue.js';
import type { WorkerContext } from '../../context.js';
import { queuedCutout } from '../../models/cutout/index.js';
import { TRIAL, trialLightbox } from './trial.js';

/** Trials waiting or running in this worker at once; more are told to come back (503). */
const MAX_TRIALS_AT_ONCE = 4;
let trialsNow = 0;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return expected.length > 0 && a.length === b.length && timingSafeEqual(a, b);
}

async function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > maxBytes) throw new WorkerError('file_too_large', fileTooLargeMessage(maxBytes));
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new WorkerError('file_too_large', fileTooLargeMessage(maxBytes));
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * `POST /trial/lightbox` — the visitor's trial, reached only through the `trial-lightbox` edge
 * function (the service-role key; the function has counted the try for the visitor's address).
 * The body is the photo itself. Checked as a studio checks (magic bytes, size, pixels from the
 * header, a full decode), shrunk to 512 px before the cut-out, run in the batch lane as one
 * "user" (trials take turns with each other and never go before a paying user's single run),
 * watermarked, and answered as the JPEG. Nothing is stored and nothing is charged.
 */
export async function handleTrialLightbox(ctx: WorkerContext, req: IncomingMessage, serviceRoleKey: string, timings: Timings): Promise<EncodedImage> {
  if (!sameSecret(bearerToken(req), serviceRoleKey)) throw new WorkerError('invalid_token', 'The trial is served through its edge function only.');
  if (trialsNow >= MAX_TRIALS_AT_ONCE) throw new WorkerError('busy', 'Free tries are busy right now. Please try again in a minute.');
  trialsNow++;
  const file = path.join(os.tmpdir(), `shotcraft-trial-${randomUUID()}`);
  try {
    const body = await timings.time('receive', () => readBody(req, TRIAL.maxBytes));
    await writeFile(file, body);
    const ticket: Ticket = { lane: 'batch', owner: 'trial', waited: (ms) => timings.add('wait', ms) };
    const image = await timings.time('decode', () => ctx.queue.run(() => validateAndDecode(file, body.length, { maxPixels: TRIAL.maxPixels }), ticket));
    const modelTicket: Ticket = { lane: 'batch', owner: 'trial', waited: (ms) => timings.add('model-wait', ms) };
    return await timings.time('process', () =>
      ctx.queue.run((slot) => trialLightbox(image, queuedCutout(ctx.cutout(), ctx.models, slot, modelTicket, (ms) => timings.add('model', ms))), ticket),
    );
  } finally {
    trialsNow--;
    await rm(file, { force: true });
  }
}
