/**
 * Request and response plumbing shared by the stand-in's routes: JSON and HTML answers, a request
 * whose body is read once on demand (form, JSON or multipart), and parameters merged from the query
 * and the body the way the Graph API takes them (either place works).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** What a route answers: JSON (the usual), HTML, or raw bytes. */
export type Reply =
  | { status: number; body: unknown; headers?: Record<string, string> }
  | { status: number; html: string }
  | { status: number; bytes: Buffer; contentType: string }
  | { status: number; redirect: string };

export const json = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({ status, body, headers });

export function sendReply(res: ServerResponse, reply: Reply): void {
  if ('html' in reply) {
    res.writeHead(reply.status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(reply.html);
  } else if ('bytes' in reply) {
    res.writeHead(reply.status, { 'content-type': reply.contentType, 'content-length': String(reply.bytes.length), 'cache-control': 'no-store' });
    res.end(reply.bytes);
  } else if ('redirect' in reply) {
    res.writeHead(reply.status, { location: reply.redirect, 'cache-control': 'no-store' });
    res.end();
  } else if (reply.status === 204) {
    res.writeHead(204, { 'cache-control': 'no-store', ...reply.headers });
    res.end();
  } else {
    res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...reply.headers });
    res.end(JSON.stringify(reply.body));
  }
}

/** Uploads (X media segments, TikTok chunks, Pinterest videos) may be large; everything else is small. */
export const MAX_UPLOAD_BYTES = 600 * 1024 * 1024;

export interface Params {
  get(name: string): string | null;
  /** The parsed JSON body (or an empty object). */
  body: Record<string, unknown>;
  /** Files of a multipart body. */
  files: Map<string, { bytes: Buffer; type: string; name: string }>;
}

/** One incoming request: path below `/<platform>`, method, and its body read lazily, once. */
export class PlatformRequest {
  readonly method: string;
  private raw: Promise<Buffer> | null = null;
  private parsed: Promise<Params> | null = null;

  constructor(
    readonly req: IncomingMessage,
    readonly url: URL,
    readonly path: string,
  ) {
    this.method = req.method ?? 'GET';
  }

  header(name: string): string | undefined {
    const value = this.req.headers[name.toLowerCase()];
    return Array.isArray(value) ? value[0] : value;
  }

  buffer(limit = MAX_UPLOAD_BYTES): Promise<Buffer> {
    this.raw ??= (async () => {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of this.req) {
        size += (chunk as Buffer).length;
        if (size > limit) throw new Error('body too large');
        chunks.push(chunk as Buffer);
      }
      return Buffer.concat(chunks);
    })();
    return this.raw;
  }

  async text(): Promise<string> {
    return (await this.buffer(1024 * 1024)).toString('utf8');
  }

  /** Query and body parameters together (the body wins), whatever the body's encoding. */
  params(): Promise<Params> {
    this.parsed ??= (async () => {
      const fields = new Map<string, string>();
      for (const [k, v] of this.url.searchParams) fields.set(k, v);
      const files: Params['files'] = new Map();
      let body: Record<string, unknown> = {};
      const type = this.header('content-type') ?? '';
      if (this.method !== 'GET' && this.method !== 'HEAD') {
        const buf = await this.buffer();
        if (/multipart\/form-data/i.test(type)) {
          const form = await new Request('http://local/', { method: 'POST', headers: { 'content-type': type }, body: new Uint8Array(buf) }).formData();
          for (const [k, v] of form) {
            if (typeof v === 'string') fields.set(k, v);
            else files.set(k, { bytes: Buffer.from(await v.arrayBuffer()), type: v.type, name: v.name });
          }
        } else if (/json/i.test(type) || (buf.length > 0 && buf[0] === 0x7b && !/urlencoded/i.test(type))) {
          try {
            const parsed = JSON.parse(buf.toString('utf8')) as unknown;
            if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
          } catch {
            body = { __invalid_json: true };
          }
          for (const [k, v] of Object.entries(body)) if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') fields.set(k, String(v));
        } else if (buf.length > 0) {
          for (const [k, v] of new URLSearchParams(buf.toString('utf8'))) fields.set(k, v);
        }
      }
      return { get: (name: string) => fields.get(name) ?? null, body, files };
    })();
    return this.parsed;
  }
}

/** The stand-in's own origin as the caller reached it (for upload URLs and media links it hands out). */
export function originOf(req: IncomingMessage, fallback: string): string {
  const host = req.headers.host;
  return host ? `http://${host}` : fallback;
}
