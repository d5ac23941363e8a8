import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, type Claims, type HttpContext, type Jwt } from './types.js';

export const BODY_LIMIT = 60 * 1024 * 1024;

export const PAYLOAD_TOO_LARGE = { statusCode: '413', error: 'Payload too large', message: 'Payload too large' };
const tooLarge = () => new HttpError(413, PAYLOAD_TOO_LARGE);

/** Each API answers unparsable JSON in its own dialect. */
function invalidJson(prefix: string, reason: string): HttpError {
  if (prefix === '/rest/v1') {
    return new HttpError(400, { code: 'PGRST102', details: null, hint: null, message: 'Empty or invalid json' });
  }
  if (prefix === '/auth/v1') {
    return new HttpError(400, { code: 400, error_code: 'bad_json', msg: `Could not parse request body as JSON: ${reason}` });
  }
  return new HttpError(400, { statusCode: '400', error: 'Bad Request', message: `Invalid JSON: ${reason}` });
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > BODY_LIMIT) {
      req.resume(); // drain, so the client reads our 413 instead of a reset connection
      return reject(tooLarge());
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) over = true;
      else chunks.push(chunk);
    });
    req.on('end', () => (over ? reject(tooLarge()) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

/** The bearer token, else the apikey header, else ?apikey= (what PostgREST behind Kong sees). */
export function requestToken(req: IncomingMessage, url: URL): string | null {
  const auth = req.headers.authorization;
  const bearer = auth && /^bearer\s+(.+)$/i.exec(auth.trim());
  if (bearer) return bearer[1].trim();
  const header = req.headers.apikey;
  return (Array.isArray(header) ? header[0] : header) || url.searchParams.get('apikey') || null;
}

export function createHttpContext(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  prefix: string,
  path: string,
  jwt: Jwt,
): HttpContext {
  let body: Promise<Buffer> | undefined;
  let claims: Promise<Claims | null> | undefined;
  return {
    req,
    res,
    url,
    path,
    body: () => (body ??= readBody(req)),
    async json<T>() {
      const raw = (await (body ??= readBody(req))).toString('utf8');
      if (raw.trim() === '') return {} as T;
      try {
        return JSON.parse(raw) as T;
      } catch (err) {
        throw invalidJson(prefix, (err as Error).message);
      }
    },
    claims() {
      const token = requestToken(req, url);
      return (claims ??= token ? jwt.verify(token) : Promise.resolve(null));
    },
  };
}
