// Readiness: is this process fit for traffic? The application names its checks; this turns them
// into one answer within a bounded time, because a readiness probe that hangs with the database
// is no probe at all: the host would wait instead of routing around the process.

/** A check: true when ready, or one boolean per part (e.g. per shard), all of which must be true. */
export type ReadinessValue = boolean | Record<string, boolean>;

/**
 * Named checks, e.g. `{ database: pingDatabase(), shards: { '0': true, '1': false } }`. A value
 * may be a promise: a slow one is reported as timed out by name while the others still count.
 * `draining: true`, if given, reads as not ready (shutting down).
 */
export type ReadinessChecks = Record<string, ReadinessValue | Promise<ReadinessValue>>;

/** Supplied by the application; called on every probe. */
export type Readiness = () => ReadinessChecks | Promise<ReadinessChecks>;

export type ReadinessReport = {
  ready: boolean;
  /** Every check as it answered; one that failed or timed out reads false. */
  checks: Record<string, ReadinessValue>;
  /** What is not ready and why, e.g. `{ database: 'timed out', 'shards.1': 'not ready' }`; empty when ready. */
  notReady: Record<string, string>;
  /** Errors thrown by the callback or by checks, by name, for the log (never for the HTTP answer). */
  errors: Record<string, unknown>;
};

const TIMED_OUT = Symbol('timed out');

/** Evaluates `readiness` within `timeoutMs` in all: what has not answered by then counts as "timed out". */
export async function evaluateReadiness(readiness: Readiness, timeoutMs: number): Promise<ReadinessReport> {
  const report: ReadinessReport = { ready: false, checks: {}, notReady: {}, errors: {} };
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
  });
  // Either the value or TIMED_OUT; a rejection comes back as { error }.
  const within = <T>(work: T | Promise<T>) =>
    Promise.race([Promise.resolve(work).then((value) => ({ value }), (error: unknown) => ({ error })), expired]);
  const called = Promise.resolve().then(readiness);
  // Checks that answer after the callback timed out are never awaited: their failures must not
  // surface as unhandled rejections.
  called.then((checks) => Object.values(checks).forEach((check) => void Promise.resolve(check).catch(() => {})), () => {});
  try {
    const answer = await within(called);
    if (answer === TIMED_OUT) {
      report.notReady.readiness = 'timed out';
      return report;
    }
    if ('error' in answer) {
      report.notReady.readiness = 'failed';
      report.errors.readiness = answer.error;
      return report;
    }
    const names = Object.keys(answer.value);
    const outcomes = await Promise.all(names.map((name) => within(answer.value[name]!)));
    names.forEach((name, i) => judge(report, name, outcomes[i]!));
    report.ready = Object.keys(report.notReady).length === 0;
    return report;
  } finally {
    clearTimeout(timer);
  }
}

function judge(report: ReadinessReport, name: string, outcome: typeof TIMED_OUT | { value: ReadinessValue } | { error: unknown }): void {
  if (outcome === TIMED_OUT) {
    report.checks[name] = false;
    report.notReady[name] = 'timed out';
    return;
  }
  if ('error' in outcome) {
    report.checks[name] = false;
    report.notReady[name] = 'failed';
    report.errors[name] = outcome.error;
    return;
  }
  const value = outcome.value;
  report.checks[name] = value;
  if (name === 'draining') {
    if (value === true) report.notReady.draining = 'shutting down';
    return;
  }
  if (typeof value === 'boolean') {
    if (!value) report.notReady[name] = 'not ready';
    return;
  }
  if (typeof value !== 'object' || value === null) {
    report.checks[name] = false;
    report.notReady[name] = 'not a boolean';
    return;
  }
  const parts = Object.entries(value);
  // No parts at all (no shard yet) is not ready: there is nothing to serve with.
  if (parts.length === 0) report.notReady[name] = 'none';
  for (const [part, ok] of parts) if (ok !== true) report.notReady[`${name}.${part}`] = 'not ready';
}
