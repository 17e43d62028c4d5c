/**
 * Loaded into a bench's server with `node --require` (load.bench.ts): every second, the event loop's
 * delay over that second (perf_hooks.monitorEventLoopDelay: its max and p99, ms) is appended to the
 * file EVENT_LOOP_PROBE_FILE names, one JSON line with the wall-clock time, so a bench can tell a
 * stalled event loop from a slow database. Worker threads (the database's, the password hashers')
 * load it too (`--require` reaches them) and are left out: their loops are blocked by design.
 */
const { monitorEventLoopDelay } = require('node:perf_hooks');
const { appendFileSync } = require('node:fs');
const { isMainThread } = require('node:worker_threads');

const file = process.env.EVENT_LOOP_PROBE_FILE;
if (file && isMainThread) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  setInterval(() => {
    const line = { at: Date.now(), max: histogram.max / 1e6, p99: histogram.percentile(99) / 1e6 };
    histogram.reset();
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }, 1000).unref();
}
