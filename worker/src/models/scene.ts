import sharp from 'sharp';

/**
 * A photo-real scene for a described backdrop, from a hosted generative model — for those who
 * configure one. Local drawing (backdrop.ts) stays the default: it runs on the worker's CPUs and
 * never leaves the machine.
 *
 * The wire is OpenAI's image edit (`POST {LIGHTBOX_SCENE_URL}/images/edits`, multipart, `Authorization:
 * Bearer {LIGHTBOX_SCENE_KEY}`, model LIGHTBOX_SCENE_MODEL, default gpt-image-1), which several
 * providers and local servers also speak: the image is the cut-out product where it will stand, on a
 * transparent canvas (no mask: its transparency is the mask), and the prompt the user's description.
 * The model paints what is transparent. Its answer is only the backdrop: the worker lays the
 * product's own pixels back over it, so no model ever changes the product.
 */
export interface SceneRequest {
  /** RGBA PNG at width × height: the product where it stands, transparent elsewhere. */
  product: Buffer;
  width: number;
  height: number;
  description: string;
  productName: string;
}

export interface SceneProvider {
  readonly name: string;
  /** The scene at width × height (PNG), or a thrown error: the caller falls back to drawing. */
  paint(request: SceneRequest): Promise<Buffer>;
}

/** The sizes an image edit may ask for: gpt-image models' three shapes, DALL·E 2's square. */
function editSize(model: string, width: number, height: number): { width: number; height: number } {
  if (model.startsWith('dall-e')) return { width: 1024, height: 1024 };
  const aspect = width / height;
  return aspect > 1.2 ? { width: 1536, height: 1024 } : aspect < 1 / 1.2 ? { width: 1024, height: 1536 } : { width: 1024, height: 1024 };
}

/** What the model is asked: the user's words as the scene, the product left as it is. */
export function scenePrompt(description: string, productName: string): string {
  return [
    `Professional product photograph of ${productName.trim() || 'the product'}.`,
    `Scene: ${description.trim()}.`,
    'Keep the product exactly as it is, where it stands; paint only the background around it, lit to match, photo-real, with a natural depth of field.',
    'No text, no logos, no people, no other products.',
  ].join(' ');
}

const MAX_REPLY_BYTES = 40 * 1024 * 1024;

export function hostedScene(baseUrl: string, apiKey: string, model = 'gpt-image-1', fetchImpl: typeof fetch = fetch): SceneProvider {
  const endpoint = `${baseUrl.replace(/\/+$/, '')}/images/edits`;
  return {
    name: `${model} at ${new URL(endpoint).host}`,
    async paint({ product, width, height, description, productName }) {
      const size = editSize(model, width, height);
      // The frame inside the edit's own shape (letterboxed when the shapes differ); the model paints
      // the letterbox too, and the same box is cut back out of its answer.
      const k = Math.min(size.width / width, size.height / height);
      const box = { width: Math.round(width * k), height: Math.round(height * k) };
      const at = { left: Math.floor((size.width - box.width) / 2), top: Math.floor((size.height - box.height) / 2) };
      const image = await sharp({ create: { ...size, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
        .composite([{ input: await sharp(product).resize(box.width, box.height, { fit: 'fill' }).png().toBuffer(), ...at }])
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'product.png');
      form.append('prompt', scenePrompt(description, productName));
      form.append('model', model);
      form.append('n', '1');
      form.append('size', `${size.width}x${size.height}`);
      if (model.startsWith('dall-e')) form.append('response_format', 'b64_json');
      const response = await fetchImpl(endpoint, { method: 'POST', headers: { Authorization: `Bearer ${apiKey}` }, body: form, signal: AbortSignal.timeout(120_000) });
      const body = (await response.json().catch(() => null)) as { data?: { b64_json?: string; url?: string }[]; error?: { message?: string } } | null;
      if (!response.ok) throw new Error(`The scene service refused (${response.status}): ${body?.error?.message ?? 'no reason given'}`);
      const first = body?.data?.[0];
      let bytes: Buffer;
      if (first?.b64_json) bytes = Buffer.from(first.b64_json, 'base64');
      else if (first?.url && /^https:\/\//.test(first.url)) {
        const image = await fetchImpl(first.url, { signal: AbortSignal.timeout(60_000) });
        if (!image.ok) throw new Error(`The scene could not be downloaded (${image.status}).`);
        bytes = Buffer.from(await image.arrayBuffer());
      } else throw new Error('The scene service answered without an image.');
      if (bytes.length > MAX_REPLY_BYTES) throw new Error('The scene service answered with an image too large to use.');
      // The frame's box back out, at the frame's size: the product's place lines up.
      // (Two pipelines: sharp keeps one resize per pipeline.)
      const answer = await sharp(bytes).resize(size.width, size.height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
      return sharp(answer, { raw: { ...size, channels: 3 } }).extract({ ...at, ...box }).resize(width, height, { fit: 'fill' }).png().toBuffer();
    },
  };
}

/** The configured scene provider, or null: LIGHTBOX_SCENE_URL (an OpenAI-compatible API's base, e.g. https://api.openai.com/v1). */
export function sceneProvider(env: NodeJS.ProcessEnv = process.env): SceneProvider | null {
  return env.LIGHTBOX_SCENE_URL ? hostedScene(env.LIGHTBOX_SCENE_URL, env.LIGHTBOX_SCENE_KEY ?? '', env.LIGHTBOX_SCENE_MODEL || 'gpt-image-1') : null;
}
