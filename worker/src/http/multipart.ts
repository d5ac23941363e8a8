import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { WorkerError } from './errors.js';

export interface ReceivedFile {
  path: string;
  bytes: number;
  filename: string;
  mimeType: string;
}

export interface ReceivedForm {
  fields: Record<string, string>;
  file: ReceivedFile | null;
  /** True when the file was cut off at the size limit (the rest was read and discarded). */
  tooLarge: boolean;
  /** Removes the temporary file. Safe to call more than once. */
  cleanup(): Promise<void>;
}

export interface MultipartLimits {
  maxFileBytes: number;
  fileField: string;
}

const FIELD_LIMIT = 64 * 1024;

/**
 * Streams a multipart/form-data request: text fields into memory (64 KB each), the one image
 * field to a temporary file, never holding the upload in memory. A file over the limit is cut
 * off and flagged; the request is still read to its end so the client gets a clean 413.
 */
export async function receiveMultipart(req: IncomingMessage, limits: MultipartLimits): Promise<ReceivedForm> {
  const type = req.headers['content-type'] ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    throw new WorkerError('invalid_request', `Send the job as multipart/form-data, with the photo in the "${limits.fileField}" field or image_source=storage.`);
  }
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limits.maxFileBytes + 2 * 1024 * 1024) {
    throw new WorkerError('file_too_large', fileTooLargeMessage(limits.maxFileBytes));
  }

  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  let tooLarge = false;
  const tempPaths: string[] = [];
  const cleanup = async () => {
    await Promise.all(tempPaths.splice(0).map((p) => rm(p, { force: true })));
  };
  const writes: Promise<void>[] = [];

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: { fileSize: limits.maxFileBytes, files: 1, fields: 40, fieldSize: FIELD_LIMIT, parts: 50 },
    });
  } catch {
    throw new WorkerError('invalid_request', 'The multipart body could not be read (missing boundary).');
  }

  parser.on('field', (name, value) => {
    fields[name] = value;
  });
  parser.on('file', (name, stream, info) => {
    if (name !== limits.fileField || file) {
      stream.resume();
      return;
    }
    const target = path.join(os.tmpdir(), `shotcraft-upload-${randomUUID()}`);
    tempPaths.push(target);
    const received: ReceivedFile = { path: target, bytes: 0, filename: info.filename ?? '', mimeType: info.mimeType };
    file = received;
    stream.on('data', (chunk: Buffer) => (received.bytes += chunk.length));
    stream.on('limit', () => (tooLarge = true));
    writes.push(pipeline(stream, createWriteStream(target)));
  });

  try {
    await new Promise<void>((resolve, reject) => {
      parser.on('close', resolve);
      parser.on('error', (err: Error) => reject(err));
      req.on('aborted', () => reject(new Error('aborted')));
      req.pipe(parser);
    });
    await Promise.all(writes);
  } catch {
    req.unpipe(parser);
    await Promise.allSettled(writes);
    await cleanup();
    throw new WorkerError('invalid_request', 'The upload was interrupted or the multipart body is malformed. Please try again.');
  }
  return { fields, file, tooLarge, cleanup };
}

export const fileTooLargeMessage = (max: number) =>
  `File too large: the maximum size is ${Math.round(max / (1024 * 1024))} MB. Choose a smaller image.`;
