// The media worker, as the edge functions reach it: server to server, with the caller's own
// token, so the worker checks the user exactly as it does for the browser.
export function workerUrl(path: string): string | null {
  const base = Deno.env.get('WORKER_URL');
  return base ? new URL(path, base).toString() : null;
}

export async function callWorker(path: string, authorization: string, body: BodyInit, contentType?: string): Promise<{ status: number; body: Record<string, unknown> | null }> {
  const url = workerUrl(path);
  if (!url) return { status: 503, body: { error: { code: 'not_configured', message: 'The media worker is not configured (WORKER_URL).' } } };
  try {
    const res = await fetch(url, { method: 'POST', headers: { Authorization: authorization, ...(contentType ? { 'Content-Type': contentType } : {}) }, body });
    return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
  } catch {
    return { status: 502, body: { error: { code: 'worker_unreachable', message: 'The media worker could not be reached.' } } };
  }
}

/** The worker's own message for a refusal, when it gave one. */
export const workerMessage = (body: Record<string, unknown> | null): string | undefined => (body?.error as { message?: string } | undefined)?.message;
