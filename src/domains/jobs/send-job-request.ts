import { formatCredits } from '@/domains/credits/prices';
import { AppError, toAppError } from '@/lib/errors';
import { IMAGE_FIELD, WebhookErrorSchema, WebhookReplySchema, type WebhookBaseFields, type WebhookReply } from '@shotcraft/shared/jobs/contract.ts';

export interface JobRequest {
  /** The studio's webhook (the media worker, or an automation tool honouring docs/architecture.md §4). */
  url: string;
  accessToken: string;
  fields: WebhookBaseFields & Record<string, string>;
  /** Attached only for a tool that cannot read storage (image_source 'file'). */
  image?: File;
  /** 'the refine service' and 'Failed to refine image': the studio's words in its error messages. */
  serviceName: string;
  failure: string;
}

export type JobReply =
  | { kind: 'json'; result: WebhookReply }
  /** An external automation tool (n8n, Make) may answer with the image itself. */
  | { kind: 'binary'; blob: Blob };

export function jobForm({ fields, image }: Pick<JobRequest, 'fields' | 'image'>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (image) form.append(IMAGE_FIELD, image, image.name);
  return form;
}

/**
 * Sends the job to the studio's webhook and waits for its answer. A refusal carries the worker's
 * own message; by then the worker has already failed the job and refunded the credits.
 */
export async function sendJobRequest(request: JobRequest): Promise<JobReply> {
  let response: Response;
  try {
    response = await fetch(request.url, { method: 'POST', headers: { Authorization: `Bearer ${request.accessToken}` }, body: jobForm(request) });
  } catch (error) {
    throw new AppError('network', `${request.failure}: ${request.serviceName} could not be reached.`, { cause: error });
  }
  return readReply(response, request);
}

export async function readReply(response: Response, request: Pick<JobRequest, 'serviceName' | 'failure'>): Promise<JobReply> {
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && type.startsWith('image/')) return { kind: 'binary', blob: await response.blob() };

  const body: unknown = type.includes('json') ? await response.json().catch(() => null) : null;
  if (!response.ok) {
    const parsed = WebhookErrorSchema.safeParse(body);
    const refunded = parsed.success ? (parsed.data.refunded ?? 0) : 0;
    // The worker refunds a job it refuses; say so, unless its own message already does.
    const refund = refunded > 0 && !/refund/i.test(parsed.data?.error.message ?? '') ? ` Your ${formatCredits(refunded)} ${refunded === 1 ? 'was' : 'were'} refunded.` : '';
    const message = parsed.success ? `${parsed.data.error.message}${refund}` : `Webhook request failed (${response.status})`;
    throw toAppError({ message, status: response.status, details: parsed.success ? parsed.data.error.code : undefined });
  }
  const parsed = WebhookReplySchema.safeParse(body);
  if (!parsed.success) throw new AppError('server', `${request.failure}: ${request.serviceName} sent an answer we could not read.`);
  return { kind: 'json', result: parsed.data };
}
