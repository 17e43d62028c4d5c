/**
 * The load bench's callers (load.bench.ts), run in a worker thread off the bench's own event loop.
 * Each client signs in once (a 503 retried after its Retry-After), then until the deadline picks a request by the mix: a bounds search
 * of a city box, a property, a sign-in, or a saved-calculation write (a save; past five saved, a
 * delete of the oldest). Latencies by kind; every answer that is not 2xx is an error, by status.
 */
const { parentPort, workerData } = require('node:worker_threads');

const { base, users, boxes, propertyIds, whatIf, clients, seconds, mix, thinkMs } = workerData;
const results = { byKind: {}, errors: {}, requests: 0 };
/** Names stay unique across the runs (the users and their saved calculations carry over). */
const runId = Date.now().toString(36);

function record(kind, ms, status) {
  const entry = (results.byKind[kind] ??= { times: [] });
  entry.times.push(ms);
  results.requests++;
  if (status < 200 || status >= 300) results.errors[`${kind} ${status}`] = (results.errors[`${kind} ${status}`] ?? 0) + 1;
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
  record(kind, performance.now() - started, status);
  return { status, body, retryAfter };
}

const json = (token, method, body) => ({
  method,
  headers: {
    'content-type': 'application/json',
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

async function client(index, deadline) {
  const user = users[index % users.length];
  let token = await signIn(user, deadline);
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
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(Array.from({ length: clients }, (_, i) => client(i, deadline)));
  const elapsed = (performance.now() - started) / 1000;
  for (const entry of Object.values(results.byKind)) entry.times.sort((a, b) => a - b);
  parentPort.postMessage({ ...results, seconds: elapsed });
})().catch((error) => parentPort.postMessage({ error: String((error && error.stack) || error) }));
