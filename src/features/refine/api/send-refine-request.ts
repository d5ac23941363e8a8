import * as z from 'zod';
import { AppError, toAppError } from '@/lib/errors';
import { env } from '@/lib/env';

/** The multipart form of SPEC.md §7 "Refine image". */
export interface RefineRequest {
  jobId: string;
  userId: string;
  userEmail: string;
  enhancementType: string;
  label: string;
  description: string;
  credits: number;
  imageUrl: string;
  image: File;
  metadata: Record<string, unknown>;
  customText: string;
  accessToken: string;
}

const CompletedSchema = z.object({
  job_id: z.string(),
  status: z.literal('completed'),
  // Null when the worker recorded the result but could not sign it: the gallery signs it instead.
  url: z.string().nullable(),
  width: z.number().optional(),
  height: z.number().optional(),
  bytes: z.number().optional(),
  applied: z.array(z.string()).default([]),
  ignored: z.array(z.string()).default([]),
});

const ErrorSchema = z.object({ error: z.object({ code: z.string().optional(), message: z.string() }) });

export type RefineReply =
  | { kind: 'json'; result: z.infer<typeof CompletedSchema> }
  /** An external automation tool (n8n, Make) may answer with the image itself. */
  | { kind: 'binary'; blob: Blob };

export function refineForm(request: RefineRequest): FormData {
  const form = new FormData();
  form.append('job_id', request.jobId);
  form.append('user_id', request.userId);
  form.append('user_email', request.userEmail);
  form.append('form_type', 'refine_image');
  form.append('enhancement_type', request.enhancementType);
  form.append('label', request.label);
  form.append('description', request.description);
  form.append('credits', String(request.credits));
  form.append('image_url', request.imageUrl);
  form.append('image', request.image, request.image.name);
  form.append('metadata', JSON.stringify(request.metadata));
  form.append('custom_text', request.customText);
  return form;
}

/**
 * Sends the job to the refine webhook (the media worker or another tool honouring the contract of
 * ARCHITECTURE.md §4) and waits for its answer. A refusal carries the worker's own message; by
 * then the worker has already failed the job and refunded the credits.
 */
export async function sendRefineRequest(request: RefineRequest): Promise<RefineReply> {
  const url = env().VITE_WEBHOOK_REFINE_URL;
  if (!url) throw new AppError('server', 'Failed to refine image: the refine service is not configured (VITE_WEBHOOK_REFINE_URL).');

  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${request.accessToken}` }, body: refineForm(request) });
  } catch (error) {
    throw new AppError('network', 'Failed to refine image: the refine service could not be reached.', { cause: error });
  }
  return readReply(response);
}

export async function readReply(response: Response): Promise<RefineReply> {
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && type.startsWith('image/')) return { kind: 'binary', blob: await response.blob() };

  const body: unknown = type.includes('json') ? await response.json().catch(() => null) : null;
  if (!response.ok) {
    const parsed = ErrorSchema.safeParse(body);
    const message = parsed.success ? parsed.data.error.message : `Webhook request failed (${response.status})`;
    throw toAppError({ message, status: response.status, details: parsed.success ? parsed.data.error.code : undefined });
  }
  const parsed = CompletedSchema.safeParse(body);
  if (!parsed.success) throw new AppError('server', 'Failed to refine image: the refine service sent an answer we could not read.');
  return { kind: 'json', result: parsed.data };
}
