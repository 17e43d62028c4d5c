/**
 * A progress bar on stderr: redrawn in place on a TTY, plain periodic lines otherwise (logs, CI).
 */
export interface Progress {
  /** `done` of `total` (total may be unknown: 0); `count` is the number shown with its rate. */
  update(done: number, total: number, count?: number): void;
  finish(message?: string): void;
}

export interface ProgressOptions {
  label: string;
  /** What `count` counts, e.g. "rows". */
  unit: string;
  stream?: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  /** Seconds between plain lines when not a TTY. */
  intervalSeconds?: number;
  /** Force TTY or plain mode (tests). */
  tty?: boolean;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export function createProgress(options: ProgressOptions): Progress {
  const stream = options.stream ?? process.stderr;
  const tty = options.tty ?? Boolean(stream.isTTY);
  const interval = (options.intervalSeconds ?? 5) * 1000;
  const started = Date.now();
  let lastDraw = 0;
  let lastState = { done: 0, total: 0, count: 0 };
  let drewTty = false;

  const line = (withBar: boolean) => {
    const { done, total, count } = lastState;
    const seconds = Math.max(0.001, (Date.now() - started) / 1000);
    const rate = `${fmt(count / seconds)} ${options.unit}/s`;
    const percent = total > 0 ? Math.min(100, (done / total) * 100) : null;
    const pct = percent === null ? '' : `${percent.toFixed(0).padStart(3)}% `;
    if (!withBar) return `${options.label}: ${pct}${fmt(count)} ${options.unit} (${rate}, ${seconds.toFixed(1)} s)`;
    const width = 24;
    const filled = percent === null ? 0 : Math.round((percent / 100) * width);
    const bar = percent === null ? '' : `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] `;
    return `${options.label} ${bar}${pct}${fmt(count)} ${options.unit} ${rate}`;
  };

  return {
    update(done, total, count = done) {
      lastState = { done, total, count };
      const now = Date.now();
      if (tty) {
        if (now - lastDraw < 100) return;
        lastDraw = now;
        const text = line(true);
        stream.write(`\r${text.slice(0, (stream.columns ?? 120) - 1)}\x1b[K`);
        drewTty = true;
      } else if (now - lastDraw >= interval) {
        if (lastDraw === 0) {
          lastDraw = now;
          return; // the first line after one interval, not at once
        }
        lastDraw = now;
        stream.write(`${line(false)}\n`);
      }
    },
    finish(message) {
      if (tty && drewTty) stream.write(`\r${line(true)}\x1b[K\n`);
      else if (!tty && lastState.count > 0) stream.write(`${line(false)}\n`);
      if (message) stream.write(`${message}\n`);
    },
  };
}
