// The visitor's lightbox trial (public, no account; README "The visitor's lightbox trial"):
//
//   POST <the photo's bytes>  (Content-Type: the image's, or application/octet-stream)
//     → 200 { success: true, image: "data:image/jpeg;base64,…", width, height, watermark, remaining: { hour, day } }
//     → 4xx/5xx { success: false, code, error, retry_at? }
//
// In order, before the worker sees anything: the photo's size (10 MB) and its type by its first
// bytes, then one try counted for the client's address (3 an hour, 10 a day; 200 an hour for
// everyone together) — the address as the trusted gateway recorded it (_shared/client-address.ts),
// stored only as a keyed hash. The worker then checks the photo again (pixels, decode), runs the
// lightbox pipeline at 512 px in its batch lane and watermarks it. Nothing is stored and no user
// row is written; a try the worker could not run (busy, down) is given back.
import 'jsr:@supabase/functions-js/edge-runtime.d.ts';
import { adminClient } from '../_shared/admin-client.ts';
import { addressHash, clientAddress, trustedHops } from '../_shared/client-address.ts';
import { handler, refusal } from '../_shared/handler.ts';
import { imageTypeOf } from '@shotcraft/shared/image-type.ts';
import { json } from '../_shared/json.ts';
import { workerUrl } from '../_shared/worker.ts';

const MAX_BYTES = 10 * 1024 * 1024;
const LIMITS = { p_per_hour: 3, p_per_day: 10, p_global_per_hour: 200 };
const WATERMARK = 'Shotcraft trial';

const refuse = (status: number, code: string, error: string, extra: Record<string, unknown> = {}) => refusal(status, error, code, extra);
const tooLarge = () => refuse(413, 'file_too_large', 'File too large: a free try takes photos up to 10 MB. Choose a smaller image.');

/** The body, or null as soon as it passes `max` bytes (the rest is never read). */
async function readCapped(req: Request, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    parts.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

function base64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

const LIMIT_WORDS: Record<string, (limit: number) => string> = {
  hour: (n) => `You have used your ${n} free tries for this hour. Sign up to keep going with 5 free credits, or try again later.`,
  day: (n) => `You have used your ${n} free tries for today. Sign up to keep going with 5 free credits, or try again tomorrow.`,
  busy: () => 'Free tries are busy right now. Please try again later, or sign up to use your 5 free credits.',
};

// Public, and no schema: the body is the photo's bytes, read here with a cap.
Deno.serve(handler({ access: 'public' }, async ({ req }) => {
  const address = clientAddress(req.headers, trustedHops(Deno.env.get('TRUST_PROXY_HOPS')));
  if (!address) return refuse(400, 'address_unknown', 'This request did not come through the gateway, so it cannot be counted. Try again from the Shotcraft website.');

  if (Number(req.headers.get('content-length') ?? 0) > MAX_BYTES) return tooLarge();
  const photo = await readCapped(req, MAX_BYTES);
  if (!photo) return tooLarge();
  if (photo.length === 0) return refuse(400, 'empty_file', 'No photo was sent. Choose a product photo to try.');
  if (!imageTypeOf(photo.subarray(0, 32))) return refuse(415, 'unsupported_type', 'Unsupported file type: the file is not a JPEG, PNG, WebP, GIF or BMP image.');

  const target = workerUrl('/trial/lightbox');
  const serviceKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '';
  if (!target || !serviceKey) return refuse(503, 'not_configured', 'The free try is not available right now.');

  const admin = adminClient();
  const hash = await addressHash(address, Deno.env.get('TRIAL_ADDRESS_KEY') || serviceKey);
  const attempt = await admin.rpc('trial_take_attempt', { p_address_hash: hash, ...LIMITS });
  if (attempt.error) return refuse(500, 'limit_unavailable', 'The free try could not be started. Please try again.');
  const taken = attempt.data as { allowed: boolean; reason?: string; limit?: number; retry_at?: string; remaining_hour?: number; remaining_day?: number };
  if (!taken.allowed) {
    const reason = taken.reason ?? 'hour';
    return refuse(reason === 'busy' ? 503 : 429, reason === 'busy' ? 'busy' : 'rate_limited', LIMIT_WORDS[reason]!(taken.limit ?? 0), { retry_at: taken.retry_at });
  }
  const giveBack = async () => {
    await admin.rpc('trial_return_attempt', { p_address_hash: hash });
  };

  let res: Response;
  try {
    res = await fetch(target, { method: 'POST', headers: { Authorization: `Bearer ${serviceKey}`, 'Content-Type': 'application/octet-stream' }, body: photo });
  } catch {
    await giveBack();
    return refuse(502, 'worker_unavailable', 'The free try could not be run right now. Please try again in a minute.');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    if (res.status >= 500) {
      await giveBack();
      return refuse(res.status === 503 ? 503 : 502, res.status === 503 ? 'busy' : 'worker_unavailable', res.status === 503 ? LIMIT_WORDS.busy!(0) : 'The free try could not be run right now. Please try again in a minute.');
    }
    // The photo itself was refused (pixels, decode, no product found): the worker's words.
    return refuse(res.status, body?.error?.code ?? 'invalid_image', body?.error?.message ?? 'This photo could not be used. Try another one.');
  }
  const jpeg = new Uint8Array(await res.arrayBuffer());
  return json({
    success: true,
    image: `data:image/jpeg;base64,${base64(jpeg)}`,
    width: Number(res.headers.get('x-image-width')),
    height: Number(res.headers.get('x-image-height')),
    watermark: WATERMARK,
    remaining: { hour: taken.remaining_hour ?? 0, day: taken.remaining_day ?? 0 },
  });
}));
