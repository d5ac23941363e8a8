/** The worker's `Server-Timing` header as phase → milliseconds (a phase named twice adds up). */
export function parseServerTiming(header: string): Record<string, number> {
  const phases: Record<string, number> = {};
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().split(';');
    const dur = params.map((p) => p.trim()).find((p) => p.startsWith('dur='));
    if (!name || !dur) continue;
    phases[name] = (phases[name] ?? 0) + Number(dur.slice(4));
  }
  return phases;
}
