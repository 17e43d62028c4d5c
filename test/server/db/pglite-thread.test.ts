import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isUniqueViolation } from '../../../src/server/db/errors';
import { PGliteThread } from '../../../src/server/db/pglite-thread';
import { SETUP_TIMEOUT } from '../helpers';

/** PGlite on its own thread (db/pglite-thread.ts), behind the interface Kysely's dialect uses. */
describe('PGliteThread', () => {
  let pglite: PGliteThread;
  beforeAll(async () => {
    pglite = new PGliteThread();
    await pglite.waitReady;
    await pglite.query('create table t (id int primary key, name text not null, at timestamptz, doc jsonb)');
  }, SETUP_TIMEOUT);
  afterAll(() => pglite.close());

  it('answers a query with its rows, parsed as PGlite parses them, and the rows it changed', async () => {
    const at = new Date('2026-11-20T12:00:00Z');
    const inserted = await pglite.query('insert into t values ($1, $2, $3, $4), (2, $5, null, null)', [
      1,
      'one',
      at,
      { a: [1, 2] },
      'two',
    ]);
    expect(inserted.affectedRows).toBe(2);
    const { rows } = await pglite.query<{ id: number; name: string; at: Date | null; doc: unknown }>(
      'select * from t order by id',
      [],
      {
        rowMode: 'object',
      },
    );
    expect(rows).toEqual([
      { id: 1, name: 'one', at, doc: { a: [1, 2] } },
      { id: 2, name: 'two', at: null, doc: null },
    ]);
    expect(rows[0].at).toBeInstanceOf(Date);
  });

  it("rejects with PostgreSQL's error fields, so a unique violation is still recognised", async () => {
    const error = await pglite.query('insert into t values (1, $1)', ['again']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 't_pkey', message: expect.stringMatching(/duplicate key/) });
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('commits a transaction, rolls one back when its callback throws, and keeps other queries waiting meanwhile', async () => {
    let outside: Promise<{ rows: Array<{ n: number }> }> | null = null;
    await pglite.transaction(async (tx) => {
      await tx.query('insert into t values (10, $1)', ['committed']);
      // Sent while the transaction is open: it runs after the commit, as it would in-process.
      outside = pglite.query<{ n: number }>('select count(*)::int as n from t where id = 10');
      await tx.query('update t set name = $1 where id = 10', ['committed twice']);
    });
    expect((await outside!).rows).toEqual([{ n: 1 }]);

    await expect(
      pglite.transaction(async (tx) => {
        await tx.query('insert into t values (11, $1)', ['rolled back']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await pglite.query<{ id: number; name: string }>('select id, name from t where id >= 10 order by id');
    expect(rows).toEqual([{ id: 10, name: 'committed twice' }]);

    // Rolled back by hand: it ends there, as with PGlite itself, and the insert is gone.
    const answer = await pglite.transaction(async (tx) => {
      await tx.query('insert into t values (12, $1)', ['rolled back by hand']);
      await tx.rollback();
      return 'done';
    });
    expect(answer).toBe('done');
    expect((await pglite.query('select 1 from t where id = 12')).rows).toEqual([]);
    // A query for a transaction that is no longer open is refused with the reason.
    const ended = await pglite.transaction(async (tx) => tx);
    await expect(ended.query('select 1')).rejects.toThrow(/Transaction \d+ is not open/);
  });

  it("leaves this thread free while a query runs (the server's requests go on)", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      await pglite.query('select count(distinct md5(g::text)) from generate_series(1, 300000) g');
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(0);
  });

  it(
    'refuses queries once closed',
    async () => {
      const other = new PGliteThread();
      await other.waitReady;
      await other.close();
      await other.close();
      expect(other.closed).toBe(true);
      await expect(other.query('select 1')).rejects.toThrow('PGlite is closed');
    },
    SETUP_TIMEOUT,
  );

  it(
    'fails to start, with the reason, on a data directory it cannot use',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealmap-pglite-thread-'));
      const file = path.join(dir, 'not-a-directory');
      fs.writeFileSync(file, 'x');
      try {
        const broken = new PGliteThread(file);
        await expect(broken.waitReady).rejects.toThrow();
        expect(broken.closed).toBe(true);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    SETUP_TIMEOUT,
  );
});
