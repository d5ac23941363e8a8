import path from 'node:path';
import type { Reporter, TestModule, TestSpecification } from 'vitest/node';

/**
 * Ends a Vitest run that has stopped moving, with the names of the files it was waiting for.
 *
 * No Vitest timeout covers a file's import: a test process that never finishes loading a file
 * (seen once under load: a fresh fork idle in `epoll_wait` for 27 minutes before its first setup
 * file) holds the run until CI's 90-minute limit, and the log names nothing. Every test and hook
 * has its own timeout (at most 3 minutes here), so a run with files left and no event at all for
 * `VITEST_STALL_MINUTES` (default 10) is stuck: this prints what was still running or never
 * started, and exits 1.
 */
export default class StallReporter implements Reporter {
  private readonly limitMs = Number(process.env.VITEST_STALL_MINUTES ?? 10) * 60_000;
  private lastEvent = Date.now();
  private timer: NodeJS.Timeout | undefined;
  private readonly expected = new Set<string>();
  private readonly started = new Map<string, TestModule>();

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>) {
    for (const spec of specifications) this.expected.add(spec.moduleId);
    this.touch();
    this.timer = setInterval(() => this.check(), Math.min(30_000, this.limitMs / 4));
    this.timer.unref();
  }

  onTestModuleQueued(module: TestModule) {
    this.started.set(module.moduleId, module);
    this.touch();
  }

  onTestModuleEnd(module: TestModule) {
    this.started.delete(module.moduleId);
    this.expected.delete(module.moduleId);
    this.touch();
  }

  onTestModuleCollected = () => this.touch();
  onTestModuleStart = () => this.touch();
  onTestCaseReady = () => this.touch();
  onTestCaseResult = () => this.touch();
  onHookStart = () => this.touch();
  onHookEnd = () => this.touch();

  onTestRunEnd() {
    clearInterval(this.timer);
  }

  private touch() {
    this.lastEvent = Date.now();
  }

  private check() {
    if (this.expected.size === 0 || Date.now() - this.lastEvent < this.limitMs) return;
    const minutes = ((Date.now() - this.lastEvent) / 60_000).toFixed(1);
    const running = [...this.started.values()].map((m) => `  ${m.relativeModuleId} (${m.state()})`);
    const waiting = [...this.expected].filter((id) => !this.started.has(id)).map((id) => `  ${path.relative(process.cwd(), id)}`);
    process.stderr.write(
      [
        `\nvitest-stall: no test, hook or file event for ${minutes} min; ending the run.`,
        ...(running.length ? ['Files started and not finished:', ...running] : []),
        ...(waiting.length ? ['Files never started (one may be stuck loading):', ...waiting] : []),
        '',
      ].join('\n'),
    );
    process.exit(1);
  }
}
