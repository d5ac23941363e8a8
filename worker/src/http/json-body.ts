import type { IncomingMessage } from 'node:http';
import { WorkerError } from './errors.js';

/** A JSON request body of at most `maxBytes`, parsed; a clear refusal otherwise. */
export async function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new WorkerError('invalid_request', 'The request is too large.');
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new WorkerError('invalid_request', 'The request body must be JSON.');
  }
}
