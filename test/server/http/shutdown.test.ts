/**
 * SIGTERM drains a real server process (http/shutdown.ts, docs/deploy.md "Upgrading"): for the grace
 * it still answers, /readyz says 503 `stopping` and every answer closes its connection; then new
 * connections are refused, the requests in flight finish (up to the drain limit), and it exits 0.
 */
import http from 'node:http';
import { startServerProcess, until, type ServerProcess } from '../cluster-processes';

jest.setTimeout(120_000);

const GRACE_MS = 1500;

interface Reply {
  status: number;
  connection: string | undefined;
  body: string;
}

/** One request on a connection of its own (or the agent's), its body written by `send`. */
function request(
  server: ServerProcess,
  method: string,
  pathname: string,
  options: { agent?: http.Agent; body?: string; send?: (req: http.ClientRequest) => void } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method,
        path: pathname,
        agent: options.agent ?? false,
        headers: options.body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(options.body) } : {},
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
      },
    );
    req.on('error', reject);
    if (options.send) options.send(req);
    else req.end(options.body);
  });
}

const exitOf = (server: ServerProcess) =>
  new Promise<number | null>((resolve) => {
    if (server.child.exitCode !== null) resolve(server.child.exitCode);
    else server.child.once('exit', (code) => resolve(code));
  });

const start = (name: string, drainMs: number) =>
  startServerProcess(name, {
    // The embedded database: its default grace is 0, so the test sets one.
    DATABASE_URL: undefined,
    DEMO_LISTINGS: '0',
    SHUTDOWN_GRACE_MS: String(GRACE_MS),
    SHUTDOWN_DRAIN_MS: String(drainMs),
  });

describe('SIGTERM drains the server', () => {
  let server: ServerProcess;
  afterEach(async () => server?.stop());

  it('answers through the grace with /readyz 503, then refuses connections, finishes what is in flight and exits 0', async () => {
    server = await start('drain', 10_000);
    await server.waitReady();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const kept = await request(server, 'GET', '/healthz', { agent });
    expect(kept).toMatchObject({ status: 200, connection: 'keep-alive' });

    // A sign-up whose body is still on its way when the signal comes.
    const body = JSON.stringify({ email: `drain-${Date.now()}@test.dealmap`, password: 'drain-password-1' });
    let finishBody!: () => void;
    const inFlight = request(server, 'POST', '/api/v1/signup', {
      body,
      send: (req) => {
        req.write(body.slice(0, 10));
        finishBody = () => req.end(body.slice(10));
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));

    const exited = exitOf(server);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await until(async () => (await request(server, 'GET', '/readyz')).status === 503, '/readyz to say 503', 1000);
    const ready = await request(server, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ data: { status: 'ok', state: 'stopping', progress: null } });
    // The kept-alive connection still gets its answer, which closes it.
    expect(await request(server, 'GET', '/healthz', { agent })).toMatchObject({ status: 200, connection: 'close' });

    const refusedAt = await until(
      () =>
        request(server, 'GET', '/healthz').then(
          () => null,
          (error: NodeJS.ErrnoException) => (error.code === 'ECONNREFUSED' ? Date.now() : null),
        ),
      'new connections to be refused',
      GRACE_MS + 5000,
    );
    expect(refusedAt - signalledAt).toBeGreaterThanOrEqual(GRACE_MS - 100);
    expect(server.child.exitCode).toBeNull();

    finishBody();
    const signedUp = await inFlight;
    expect(signedUp.status).toBe(201);
    expect(signedUp.connection).toBe('close');
    expect(await exited).toBe(0);
    expect(server.output()).toMatch(/SIGTERM received, shutting down/);
    agent.destroy();
  });

  it('a request still running at the drain limit is cut, and the server exits 0 all the same', async () => {
    server = await start('drain-limit', 500);
    await server.waitReady();
    const body = JSON.stringify({ email: `never-${Date.now()}@test.dealmap`, password: 'drain-password-1' });
    const never = request(server, 'POST', '/api/v1/signup', { body, send: (req) => req.write(body.slice(0, 5)) }).then(
      () => 'answered',
      () => 'cut',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = exitOf(server);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(GRACE_MS + 500 + 5000);
    expect(await never).toBe('cut');
    expect(server.output()).toMatch(/Requests still running 500 ms after the server stopped listening: closing 1 connection"/);
  });
});
