/**
 * The load bench's callers (load.bench.ts), run in a worker thread off the bench's own event loop.
 * First every client signs in at once (the sign-in storm, timed and counted apart: a 503 is retried
 * after its Retry-After, as our client does). Then, from the same instant for all, until the
 * deadline each picks a request by the mix: a bounds search of a city box, a property, a sign-in,
 * or a saved-calculation write (a save; past five saved, a delete of the oldest). Latencies by
 * kind; every answer that is not 2xx is an error, by status, with the first answer's message.
 */
const { parentPort, workerData } = require('node:worker_threads');

const { base, users, boxes, propertyIds, whatIf, clients, seconds, mix, thinkMs } = workerData;
const mixResults = { byKind: {}, errors: {}, messages: {}, requests: 0 };
const stormResults = { byKind: {}, errors: {}, messages: {}, requests: 0 };
let results = stormResults;
/** When the mix began (performance.now()); the slowest answers are placed in the run by it. */
let mixStarted = 0;
/** The mix's answers that took a second or more: when each was asked (s into the run), its kind and ms. */
const slow = [];
/** How long the storm may take before a client gives up signing in (and runs the mix without a token). */
const STORM_LIMIT_MS = 180_000;
/** Names stay unique across the runs (the users and their saved calculations carry over). */
const runId = Date.now().toString(36);

function record(kind, ms, status, body) {
  const entry = (results.byKind[kind] ??= { times: [] });
  entry.times.push(ms);
  results.requests++;
  if (status < 200 || status >= 300) {
    const key = `${kind} ${status}`;
    results.errors[key] = (results.errors[key] ?? 0) + 1;
    results.messages[key] ??= (body && body.error && body.error.message) || (body && body.message) || '';
  }
}

async function call(kind, url, init) {
  const started = performance.now();
  let status = 0;
  let body = null;
  let retryAfter = null;
  try {
    const response = await fetch(url, init);
    status = response.status;
    retryAfter = response.headers.get('retry-after');
    const text = await response.text();
    body = text ? JSON.parse(text) : null;
  } catch {
    status = 599; // the connection failed or the answer was not JSON
  }
  const ms = performance.now() - started;
  record(kind, ms, status, body);
  if (results === mixResults && ms >= 1000) slow.push({ at: (started - mixStarted) / 1000, kind, ms });
  return { status, body, retryAfter };
}

/** Content-Type only with a body, as fetchBaseQuery does: Fastify answers 400 to an empty JSON body. */
const json = (token, method, body) => ({
  method,
  headers: {
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    'accept-encoding': 'br, gzip',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  },
  body: body === undefined ? undefined : JSON.stringify(body),
});

/** Signs in; a 503 (busy) is retried after its Retry-After, as our client does, until the deadline. */
async function signIn(user, deadline) {
  for (;;) {
    const r = await call('login', `${base}/api/v1/login`, json(null, 'POST', { username: user.email, password: user.password }));
    if (r.status === 200) return r.body.data.token;
    if (r.status !== 503 || performance.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, (Number(r.retryAfter) || 2) * 1000));
  }
}

async function client(index, token, deadline) {
  const user = users[index % users.length];
  const saved = [];
  let written = 0;
  let seed = index * 7919 + 1;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  while (performance.now() < deadline) {
    const r = random();
    if (r < mix.bounds) {
      const box = boxes[Math.floor(random() * boxes.length)];
      await call(
        'bounds search',
        `${base}/api/v1/auth/searchProperties?type=bounds&zoom=15&bounds=${encodeURIComponent(JSON.stringify(box))}`,
        json(token, 'GET'),
      );
    } else if (r < mix.bounds + mix.property) {
      const id = propertyIds[Math.floor(random() * propertyIds.length)];
      await call('property', `${base}/api/v1/auth/property/${id}`, json(token, 'GET'));
    } else if (r < mix.bounds + mix.property + mix.login) {
      token = (await signIn(user, deadline)) ?? token;
    } else if (saved.length >= 5) {
      const id = saved.shift();
      await call('saved-calculation write', `${base}/api/v1/auth/saved-calculations/${id}`, json(token, 'DELETE'));
    } else {
      const propertyId = propertyIds[Math.floor(random() * propertyIds.length)];
      const answer = await call(
        'saved-calculation write',
        `${base}/api/v1/auth/saved-calculations`,
        json(token, 'POST', { name: `Load ${runId}-${index}-${written++}`, propertyId, strategy: 'buyHold', whatIf }),
      );
      if (answer.status === 201 || answer.status === 200) saved.push(answer.body.data._id);
    }
    if (thinkMs) await new Promise((resolve) => setTimeout(resolve, random() * 2 * thinkMs));
  }
}

(async () => {
  const stormStarted = performance.now();
  const tokens = await Promise.all(
    Array.from({ length: clients }, (_, i) => signIn(users[i % users.length], stormStarted + STORM_LIMIT_MS)),
  );
  const stormSeconds = (performance.now() - stormStarted) / 1000;
  results = mixResults;
  const started = performance.now();
  mixStarted = started;
  const deadline = started + seconds * 1000;
  await Promise.all(tokens.map((token, i) => client(i, token, deadline)));
  const elapsed = (performance.now() - started) / 1000;
  for (const r of [mixResults, stormResults]) for (const entry of Object.values(r.byKind)) entry.times.sort((a, b) => a - b);
  parentPort.postMessage({
    ...mixResults,
    slow,
    seconds: elapsed,
    storm: { ...stormResults, seconds: stormSeconds, signedIn: tokens.filter(Boolean).length },
  });
})().catch((error) => parentPort.postMessage({ error: String((error && error.stack) || error) }));
