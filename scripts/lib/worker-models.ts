/**
 * Waits until the media worker's models (its `/health` → `models`: cut-out, OCR, faces, …) have all
 * loaded or failed, so no first job measures or waits for their loading. The models' states, or
 * null when they were still loading after `timeoutMs`.
 */
export async function workerModelsSettled(url: string, timeoutMs: number): Promise<Record<string, unknown> | null> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const health = await fetch(`${url}/health`)
      .then((r) => (r.ok ? (r.json() as Promise<{ models?: Record<string, unknown> }>) : null))
      .catch(() => null);
    const states = Object.values(health?.models ?? {}).filter((v) => typeof v === 'string');
    if (states.length && states.every((s) => s === 'ready' || s === 'failed')) return health!.models!;
    await new Promise((r) => setTimeout(r, 200));
  }
  return null;
}
