/**
 * The client error logger (docs/spec.md §8 "Logged only"): every error is written to the console and
 * queued as an `error_occurred` analytics event with its severity and category, sent through the
 * rate-limited analytics-tracker function in the background. A send that fails is retried up to
 * 3 times, waiting 1 s, then 2 s, then 3 s; then the report is dropped. Nothing here ever throws
 * or makes the UI wait. Without a session there is nobody to send as: the console keeps it.
 *
 * The Supabase client is imported when the first report is sent, so logging costs the landing
 * page nothing.
 */
export type ErrorSeverity = 'medium' | 'high' | 'critical';
export type ErrorCategory = 'system' | 'authentication' | 'validation' | 'network' | 'storage' | 'processing' | 'billing';

export interface ErrorContext {
  severity?: ErrorSeverity;
  category?: ErrorCategory;
  error?: unknown;
  /** false: the console only (the analytics sender's own failures). */
  send?: boolean;
  [k: string]: unknown;
}

export interface ErrorReport {
  message: string;
  severity: ErrorSeverity;
  category: ErrorCategory;
  path?: string;
  error?: string;
  details: Record<string, string | number | boolean | null>;
  at: string;
}

/** Sends one report; resolves false (or throws) when it was not accepted. */
export type ReportSender = (report: ErrorReport) => Promise<boolean>;

export const RETRIES = 3;
const MAX_TEXT = 1000;
const MAX_QUEUE = 50;

const text = (value: string) => (value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value);

function describe(error: unknown): string | undefined {
  if (error === undefined) return undefined;
  if (error instanceof Error) return text(`${error.name}: ${error.message}`);
  if (typeof error === 'object' && error && 'message' in error) return text(String((error as { message: unknown }).message));
  return text(String(error));
}

/** The report of a log call: scalars of the context kept (strings cut), objects left out. */
export function toReport(message: string, context: ErrorContext = {}): ErrorReport {
  const { severity = 'medium', category = 'system', error, send: _send, ...rest } = context;
  const details: ErrorReport['details'] = {};
  for (const [key, value] of Object.entries(rest)) {
    if (typeof value === 'string') details[key] = text(value);
    else if (typeof value === 'number' || typeof value === 'boolean' || value === null) details[key] = value;
  }
  return {
    message: text(message),
    severity,
    category,
    path: typeof window !== 'undefined' ? window.location.pathname : undefined,
    error: describe(error),
    details,
    at: new Date().toISOString(),
  };
}

/**
 * A queue that sends one report at a time. `wait` is injectable for tests (default setTimeout).
 */
export function createErrorLogger(send: ReportSender, wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms))) {
  const queue: ErrorReport[] = [];
  let draining: Promise<void> | null = null;

  async function deliver(report: ErrorReport): Promise<boolean> {
    for (let attempt = 0; attempt <= RETRIES; attempt++) {
      if (attempt > 0) await wait(attempt * 1000);
      const ok = await send(report).catch(() => false);
      if (ok) return true;
    }
    return false;
  }

  async function drain() {
    while (queue.length) await deliver(queue.shift()!);
    draining = null;
  }

  return {
    enqueue(report: ErrorReport) {
      if (queue.length >= MAX_QUEUE) queue.shift();
      queue.push(report);
      draining ??= drain();
    },
    /** Resolves when everything queued so far was sent or given up on. */
    idle: () => draining ?? Promise.resolve(),
  };
}

/** The real sender: the analytics-tracker function, as the signed-in user. */
const sendToAnalytics: ReportSender = async (report) => {
  const { supabase } = await import('./supabase');
  const client = supabase();
  const { data } = await client.auth.getSession();
  if (!data.session) return true; // nobody to report as: the console has it
  const { error } = await client.functions.invoke('analytics-tracker', { body: { event_type: 'error_occurred', event_data: report } });
  return !error;
};

let logger: ReturnType<typeof createErrorLogger> | undefined;

export function logError(message: string, context: ErrorContext = {}) {
  console.error(message, context);
  // Unit tests (vitest's 'test' mode) exercise createErrorLogger directly; their screens send nothing.
  if (context.send === false || typeof window === 'undefined' || import.meta.env.MODE === 'test') return;
  logger ??= createErrorLogger(sendToAnalytics);
  logger.enqueue(toReport(message, context));
}
