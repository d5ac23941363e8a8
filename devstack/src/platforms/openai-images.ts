/**
 * A stand-in for OpenAI's image edit (`POST /openai/v1/images/edits`), the wire the Lightbox's hosted
 * scenes speak (worker/src/models/scene.ts), for machines that cannot reach a generative model.
 *
 * It checks a request as the API does — the Bearer key, the multipart fields (`image` required, a
 * PNG, WebP or JPEG; `prompt` required and not too long; `model`, `n`, `size` from the model's own
 * lists; DALL·E 2's square PNG with transparency under 4 MB) — and answers in the API's shapes
 * (`{ created, data: [{ b64_json }], usage }`, or `{ error: { message, type, param, code } }`). What
 * it paints is plain: the prompt's scene words pick a wall and a surface colour (the same words, the
 * same colours), with soft light and grain, and the image's opaque pixels are kept where they are —
 * enough for tests to see the product untouched and a scene behind it.
 *
 * For tests: `GET /_devstack/openai/requests` (what was asked, newest last), `POST
 * /_devstack/openai/fail { times }` (the next edits answer 500 server_error).
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { json, type PlatformRequest, type Reply } from './http.js';

/** The key the stand-in accepts (LIGHTBOX_SCENE_KEY for a worker pointed at it). */
export const OPENAI_STANDIN_KEY = 'sk-devstack-local-images';

const MODELS: Record<string, { sizes: string[]; maxBytes: number; maxPrompt: number; maxN: number }> = {
  'gpt-image-1': { sizes: ['1024x1024', '1536x1024', '1024x1536', 'auto'], maxBytes: 50 * 1024 * 1024, maxPrompt: 32_000, maxN: 10 },
  'gpt-image-1-mini': { sizes: ['1024x1024', '1536x1024', '1024x1536', 'auto'], maxBytes: 50 * 1024 * 1024, maxPrompt: 32_000, maxN: 10 },
  'dall-e-2': { sizes: ['256x256', '512x512', '1024x1024'], maxBytes: 4 * 1024 * 1024, maxPrompt: 1000, maxN: 10 },
};

export interface ImageEditRecord {
  model: string;
  size: string;
  n: number;
  prompt: string;
  image: { width: number; height: number; hasAlpha: boolean; format: string };
  at: string;
}

const error = (status: number, message: string, param: string | null, code: string | null, type = 'invalid_request_error'): Reply => json(status, { error: { message, type, param, code } });

function kindOf(bytes: Buffer): 'png' | 'jpeg' | 'webp' | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

/** A wall and a surface colour from the prompt's scene words: the same words give the same scene. */
function palette(prompt: string): { wall: string; surface: string } {
  const scene = /Scene:\s*([^.]*)/.exec(prompt)?.[1] ?? prompt;
  const hash = createHash('sha256').update(scene.toLowerCase().trim()).digest();
  const hsl = (h: number, s: number, l: number) => `hsl(${h},${s}%,${l}%)`;
  return { wall: hsl(hash[0]! * 1.41, 18 + (hash[1]! % 20), 78 + (hash[2]! % 12)), surface: hsl(hash[3]! * 1.41, 25 + (hash[4]! % 25), 45 + (hash[5]! % 20)) };
}

async function paint(image: Buffer, width: number, height: number, prompt: string): Promise<Buffer> {
  const { wall, surface } = palette(prompt);
  const horizon = Math.round(height * 0.64);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <linearGradient id="w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${wall}" stop-opacity="0.85"/><stop offset="1" stop-color="${wall}"/></linearGradient>
      <linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${surface}"/><stop offset="1" stop-color="${surface}" stop-opacity="0.8"/></linearGradient>
      <radialGradient id="l" cx="0.3" cy="0.2" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0.15"/></radialGradient>
      <filter id="g"><feTurbulence type="fractalNoise" baseFrequency="0.8" numOctaves="2" seed="3"/><feColorMatrix values="0 0 0 0 0.5  0 0 0 0 0.5  0 0 0 0 0.5  0 0 0 0.08 0"/></filter>
    </defs>
    <rect width="100%" height="100%" fill="#222"/>
    <rect width="100%" height="${horizon}" fill="url(#w)"/>
    <rect y="${horizon}" width="100%" height="${height - horizon}" fill="url(#s)"/>
    <rect width="100%" height="100%" fill="url(#l)"/>
    <rect width="100%" height="100%" filter="url(#g)"/>
  </svg>`;
  const scene = await sharp(Buffer.from(svg)).blur(1.5).png().toBuffer();
  const input = await sharp(image).resize(width, height, { fit: 'fill' }).ensureAlpha().png().toBuffer();
  return sharp(scene).composite([{ input }]).removeAlpha().png().toBuffer();
}

export function createOpenAiImages() {
  const requests: ImageEditRecord[] = [];
  let failures = 0;

  async function edits(req: PlatformRequest): Promise<Reply> {
    const auth = req.header('authorization') ?? '';
    const key = /^Bearer\s+(\S+)$/i.exec(auth.trim())?.[1];
    if (!key) return error(401, "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).", null, null);
    if (key !== OPENAI_STANDIN_KEY) return error(401, `Incorrect API key provided: ${key.slice(0, 3)}***${key.slice(-4)}. You can find your API key at https://platform.openai.com/account/api-keys.`, null, 'invalid_api_key');
    if (!/multipart\/form-data/i.test(req.header('content-type') ?? '')) return error(400, 'Invalid Content-Type header (expected multipart/form-data).', null, null);
    const params = await req.params();
    const model = params.get('model') ?? 'dall-e-2';
    const spec = MODELS[model];
    if (!spec) return error(400, `Invalid value for 'model' = ${model}. Supported values are: ${Object.keys(MODELS).map((m) => `'${m}'`).join(', ')}.`, 'model', 'invalid_value');
    const image = params.files.get('image') ?? params.files.get('image[]');
    if (!image) return error(400, "Missing required parameter: 'image'.", 'image', 'missing_required_parameter');
    const prompt = params.get('prompt');
    if (!prompt) return error(400, "Missing required parameter: 'prompt'.", 'prompt', 'missing_required_parameter');
    if (prompt.length > spec.maxPrompt) return error(400, `Invalid 'prompt': string too long. Expected a string with maximum length ${spec.maxPrompt}, but got a string with length ${prompt.length} instead.`, 'prompt', 'string_above_max_length');
    const n = Number(params.get('n') ?? '1');
    if (!Number.isInteger(n) || n < 1 || n > spec.maxN) return error(400, `Invalid 'n': integer must be between 1 and ${spec.maxN}.`, 'n', 'invalid_value');
    const size = params.get('size') ?? (model === 'dall-e-2' ? '1024x1024' : 'auto');
    if (!spec.sizes.includes(size)) return error(400, `Invalid value: '${size}'. Supported values are: ${spec.sizes.map((s) => `'${s}'`).join(', ')}.`, 'size', 'invalid_value');
    const format = kindOf(image.bytes);
    if (!format || (model === 'dall-e-2' && format !== 'png')) return error(400, `Invalid input image - format must be in ${model === 'dall-e-2' ? "['png']" : "['png', 'jpeg', 'webp']"}.`, 'image', 'invalid_image_format');
    if (image.bytes.length > spec.maxBytes) return error(400, `Invalid input image - image must be less than ${spec.maxBytes / 1024 / 1024} MB.`, 'image', 'image_too_large');
    let meta;
    try {
      meta = await sharp(image.bytes).metadata();
    } catch {
      return error(400, 'Invalid input image - the image could not be read.', 'image', 'invalid_image');
    }
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    if (model === 'dall-e-2' && (width !== height || !meta.hasAlpha) && !params.files.get('mask')) {
      return error(400, width !== height ? 'Invalid input image - image must be square.' : "Invalid input image - format must be in ['RGBA', 'LA', 'L'], got RGB.", 'image', 'invalid_image');
    }
    if (failures > 0) {
      failures--;
      return error(500, 'The server had an error while processing your request. Sorry about that!', null, null, 'server_error');
    }
    requests.push({ model, size, n, prompt, image: { width, height, hasAlpha: !!meta.hasAlpha, format }, at: new Date().toISOString() });
    if (requests.length > 50) requests.shift();

    const [w, h] = size === 'auto' ? (width > height * 1.2 ? [1536, 1024] : height > width * 1.2 ? [1024, 1536] : [1024, 1024]) : size.split('x').map(Number);
    const painted = await paint(image.bytes, w!, h!, prompt);
    const b64 = painted.toString('base64');
    const data = Array.from({ length: n }, () => ({ b64_json: b64 }));
    const tokens = Math.ceil(prompt.length / 4);
    return json(200, {
      created: Math.floor(Date.now() / 1000),
      data,
      ...(model === 'dall-e-2' ? {} : { usage: { total_tokens: tokens + 1056, input_tokens: tokens + 323, output_tokens: 1056 * n, input_tokens_details: { text_tokens: tokens, image_tokens: 323 } } }),
    });
  }

  return {
    async handle(req: PlatformRequest): Promise<Reply | null> {
      if (req.url.pathname === '/openai/v1/images/edits') return req.method === 'POST' ? edits(req) : error(405, `Invalid method for URL (${req.method} /v1/images/edits)`, null, null);
      if (req.url.pathname === '/_devstack/openai/requests' && req.method === 'GET') return json(200, requests);
      if (req.url.pathname === '/_devstack/openai/fail' && req.method === 'POST') {
        const { times } = JSON.parse((await req.text()) || '{}') as { times?: unknown };
        const count = times === undefined ? 1 : Number(times);
        if (!Number.isInteger(count) || count < 0) return json(400, { error: 'times must be a whole number' });
        failures = count;
        return json(200, { times: count });
      }
      return null;
    },
  };
}
