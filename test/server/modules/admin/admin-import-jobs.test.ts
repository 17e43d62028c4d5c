import { DATABASES, json } from '../../helpers';
import { adminTestApp, createUser, signIn, unique, waitForImport } from './admin-fixtures';
import { sql } from 'kysely';
import type { ImportJob } from '../../../../src/shared/schemas/admin';
import { createUserImportJobs, IMPORT_JOB_MESSAGES } from '../../../../src/server/modules/admin/user-import-jobs';
import { checkUserImport } from '../../../../src/server/modules/admin/users-csv';

const HEADER = 'firstName,lastName,username,password,role,accountName,active';

/** A users file of `n` rows; usernames `<tag>-<i>@example.com`, passwords `password-<i>`. */
const usersCsv = (n: number, tag: string, account: string) =>
  [
    HEADER,
    ...Array.from({ length: n }, (_, i) => `First${i},Last${i},${tag}-${i}@example.com,password-${i},Investor,${account},true`),
  ].join('\n');

/** A password hash the test lets through a few at a time, to see a job between its batches. */
function gatedHash() {
  let allowed = 0;
  const waiting: Array<() => void> = [];
  const pump = () => {
    while (allowed > 0 && waiting.length) {
      allowed--;
      waiting.shift()!();
    }
  };
  return {
    hashPassword: (password: string) =>
      new Promise<string>((resolve) => {
        waiting.push(() => resolve(`test$${password}`));
        pump();
      }),
    release(n: number) {
      allowed += n;
      pump();
    },
  };
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(DATABASES)('users import jobs on $name', (database) => {
  const admin = adminTestApp(database);

  const usersTagged = async (tag: string) =>
    Number(
      (
        await admin.t.db
          .selectFrom('users')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('username', 'like', `${tag}-%`)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const accountsNamed = async (name: string) =>
    (await admin.t.db.selectFrom('accounts').select('id').where('name', '=', name).execute()).length;
  const jobRow = (values: { heartbeatAgo: string; finished?: boolean }) =>
    admin.t.db
      .insertInto('admin_import_jobs')
      .values({
        section: 'users',
        actor_id: admin.adminId,
        total: 10,
        heartbeat_at: sql<Date>`now() - cast(${values.heartbeatAgo} as interval)`,
        ...(values.finished ? { phase: 'done', finished_at: sql<Date>`now()` } : { phase: 'hashing' }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

  it('imports more than 100 users in the background: 202, progress, then every user in one go', async () => {
    const tag = unique('bulk').replace(' ', '').toLowerCase();
    const account = unique('Bulk Account');
    const csv = usersCsv(150, tag, account);
    const dry = json(await admin.api.post('/users/import', { csv, dryRun: true })).data;
    expect(dry).toMatchObject({ valid: 150, invalid: 0, created: 0 });

    const started = await admin.api.post('/users/import', { csv, dryRun: false });
    expect(started.statusCode).toBe(202);
    const { job, seen } = await waitForImport(admin.api, json(started).data._id);
    expect(job).toMatchObject({ phase: 'done', total: 150, done: 150, created: 150, error: null });
    expect(job.finishedAt).toEqual(expect.any(String));
    const done = seen.map((s: ImportJob) => s.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    for (const s of seen) expect(['queued', 'hashing', 'writing', 'done']).toContain(s.phase);

    expect(await usersTagged(tag)).toBe(150);
    expect(await accountsNamed(account)).toBe(1);
    const audited = await admin.t.db
      .selectFrom('audit_log')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('action', '=', 'import')
      .where('entity_type', '=', 'user')
      .where(sql`after->>'username'`, 'like', `${tag}-%`)
      .executeTakeFirstOrThrow();
    expect(Number(audited.n)).toBe(150);
    expect((await signIn(admin.t.app, `${tag}-42@example.com`, 'password-42')).user.username).toBe(`${tag}-42@example.com`);
  }, 60_000);

  it('reports the hashing batch by batch and writes nothing before the end', async () => {
    const gate = gatedHash();
    const jobs = createUserImportJobs(admin.t.db, { hashPassword: gate.hashPassword, batchSize: 10, concurrency: 2 });
    const tag = unique('batch').replace(' ', '').toLowerCase();
    const { records } = await checkUserImport(admin.t.db, usersCsv(25, tag, unique('Batch Account')));
    const job = await jobs.start({ id: admin.adminId }, records, admin.t.app.log);
    expect(job).toMatchObject({ phase: 'queued', total: 25, done: 0 });

    const state = () => jobs.get(job._id);
    await until(async () => (await state()).phase === 'hashing');
    gate.release(10);
    await until(async () => (await state()).done === 10);
    gate.release(10);
    await until(async () => (await state()).done === 20);
    expect(await usersTagged(tag)).toBe(0);
    gate.release(5);
    await until(async () => (await state()).phase === 'done');
    expect(await state()).toMatchObject({ done: 25, created: 25 });
    expect(await usersTagged(tag)).toBe(25);
  });

  it('fails cleanly when a username is taken while the passwords are hashed: nothing written', async () => {
    const gate = gatedHash();
    const jobs = createUserImportJobs(admin.t.db, { hashPassword: gate.hashPassword, batchSize: 2 });
    const tag = unique('late').replace(' ', '').toLowerCase();
    const account = unique('Late Account');
    const { records } = await checkUserImport(admin.t.db, usersCsv(5, tag, account));
    const job = await jobs.start({ id: admin.adminId }, records, admin.t.app.log);
    await until(async () => (await jobs.get(job._id)).phase === 'hashing');
    await createUser(admin.api, { username: `${tag}-3@example.com` });
    gate.release(5);
    await until(async () => (await jobs.get(job._id)).phase === 'failed');
    expect((await jobs.get(job._id)).error).toBe(
      `Nothing was imported. A user with the email ${tag}-3@example.com already exists. Check the file again.`,
    );
    expect(await usersTagged(tag)).toBe(1);
    expect(await accountsNamed(account)).toBe(0);
    // The failed job no longer blocks the next one.
    const next = await admin.api.post('/users/import', { csv: usersCsv(1, `${tag}x`, account), dryRun: false });
    expect(next.statusCode).toBe(202);
    expect((await waitForImport(admin.api, json(next).data._id)).job.phase).toBe('done');
  });

  it('fails a job whose server stops, nothing written', async () => {
    const gate = gatedHash();
    const jobs = createUserImportJobs(admin.t.db, { hashPassword: gate.hashPassword, batchSize: 3 });
    const tag = unique('stop').replace(' ', '').toLowerCase();
    const { records } = await checkUserImport(admin.t.db, usersCsv(9, tag, unique('Stop Account')));
    const job = await jobs.start({ id: admin.adminId }, records, admin.t.app.log);
    await until(async () => (await jobs.get(job._id)).phase === 'hashing');
    const closing = jobs.close();
    gate.release(9);
    await closing;
    expect(await jobs.get(job._id)).toMatchObject({ phase: 'failed', error: IMPORT_JOB_MESSAGES.interrupted });
    expect(await usersTagged(tag)).toBe(0);
  });

  it('reports a job whose server was lost (old heartbeat) as failed, and starts the next one', async () => {
    const lost = await jobRow({ heartbeatAgo: '10 minutes' });
    const answer = json(await admin.api.get(`/users/import/${lost.id}`)).data;
    expect(answer).toMatchObject({ phase: 'failed', error: IMPORT_JOB_MESSAGES.interrupted });
    expect(answer.finishedAt).toEqual(expect.any(String));

    await jobRow({ heartbeatAgo: '10 minutes' });
    const tag = unique('after').replace(' ', '').toLowerCase();
    const next = await admin.api.post('/users/import', { csv: usersCsv(2, tag, unique('After Account')), dryRun: false });
    expect(next.statusCode).toBe(202);
    expect((await waitForImport(admin.api, json(next).data._id)).job).toMatchObject({ phase: 'done', created: 2 });
  });

  it('refuses a second import while one runs (409); a dry run still works', async () => {
    const running = await jobRow({ heartbeatAgo: '1 second' });
    try {
      const csv = usersCsv(1, unique('busy').replace(' ', '').toLowerCase(), unique('Busy Account'));
      const refused = await admin.api.post('/users/import', { csv, dryRun: false });
      expect(refused.statusCode).toBe(409);
      expect(json(refused).error).toMatchObject({ code: 'CONFLICT', message: IMPORT_JOB_MESSAGES.alreadyRunning });
      expect((await admin.api.post('/users/import', { csv, dryRun: true })).statusCode).toBe(200);
    } finally {
      await admin.t.db
        .updateTable('admin_import_jobs')
        .set({ phase: 'failed', finished_at: sql<Date>`now()` })
        .where('id', '=', running.id)
        .execute();
    }
  });

  it('answers 404 for an unknown job and 400 for a malformed id', async () => {
    const unknown = await admin.api.get('/users/import/0f0e0d0c-0b0a-4000-8000-000000000009');
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).error.message).toBe(IMPORT_JOB_MESSAGES.notFound);
    const malformed = await admin.api.get('/users/import/nope');
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed).error.message).toBe('Invalid import job ID provided');
    const finished = await jobRow({ heartbeatAgo: '1 hour', finished: true });
    expect(json(await admin.api.get(`/users/import/${finished.id}`)).data.phase).toBe('done');
  });
});
