/**
 * Runs a task every `everyMs` without overlapping itself (a slow run makes the next one wait for
 * the tick after it), and never keeps the process alive. Hosted projects do these with pg_cron;
 * the devstack has none. Returns a stop function.
 */
export function repeat(everyMs: number, task: () => Promise<void>, onError: (err: unknown) => void): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await task();
    } catch (err) {
      onError(err);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
