import { DATABASES, SETUP_TIMEOUT, bearer, createTestApp, json, signup, type TestApp } from '../../helpers';
import { sql } from 'kysely';
import { PROFILE_MESSAGES } from '../../../../src/server/modules/profile/routes';
import { EXPERIENCE_LEVELS } from '../../../../src/shared/investor-types';
import { DEFAULT_OFFER_TARGETS, offerTargetMessage } from '../../../../src/shared/invest/max-offer';

describe.each(DATABASES)('profile API on $name', (database) => {
  let t: TestApp;
  let strategies: Array<{ id: string; name: string }>;
  let marketIds: string[];
  let interestIds: string[];
  beforeAll(async () => {
    t = await createTestApp(database);
    strategies = (
      await sql<{ id: string; name: string }>`select id::text as id, name from strategies where active order by name`.execute(
        t.db,
      )
    ).rows;
    await sql`insert into markets (city, state) values ('Austin', 'TX'), ('Dallas', 'TX'), ('Closed', 'TX')`.execute(t.db);
    await sql`update markets set active = false where city = 'Closed'`.execute(t.db);
    marketIds = (await sql<{ id: string }>`select id::text as id from markets where active order by city`.execute(t.db)).rows.map(
      (r) => r.id,
    );
    interestIds = (
      await sql<{ id: string }>`select id::text as id from interests where active order by name`.execute(t.db)
    ).rows.map((r) => r.id);
  }, SETUP_TIMEOUT);
  afterAll(async () => t?.close());

  it('a new user starts with every active strategy (so the popup shows strategy tabs at once), and can change it', async () => {
    const user = await signup(t.app);
    const me = json(await t.app.inject({ method: 'GET', url: '/api/v1/auth/getUser', headers: bearer(user.token) })).data;
    expect([...me.profile.strategies].sort()).toEqual(strategies.map((s) => s.id).sort());
    const only = [strategies[0].id];
    expect((await patch(user.token, 'strategies', { updates: only })).statusCode).toBe(200);
    const after = json(await t.app.inject({ method: 'GET', url: '/api/v1/auth/getUser', headers: bearer(user.token) })).data;
    expect(after.profile.strategies).toEqual(only);
  });

  const patch = (token: string, kind: string, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: `/api/v1/auth/profile/${kind}`, headers: bearer(token), payload: payload as object });

  it('has seeded strategies to choose from', () => {
    expect(strategies.length).toBeGreaterThanOrEqual(2);
    expect(marketIds).toHaveLength(2);
  });

  it('needs a signed-in user', async () => {
    const r = await t.app.inject({ method: 'PATCH', url: '/api/v1/auth/profile/strategies', payload: { updates: [] } });
    expect(r.statusCode).toBe(401);
  });

  it('replaces the strategies and returns the updated user', async () => {
    const { token, user } = await signup(t.app);
    const first = await patch(token, 'strategies', { updates: [strategies[0].id, strategies[1].id, strategies[0].id] });
    expect(first.statusCode).toBe(200);
    const u = json(first).data;
    expect(u._id).toBe(user._id);
    expect([...u.profile.strategies].sort()).toEqual([strategies[0].id, strategies[1].id].sort());
    expect(u).not.toHaveProperty('password');

    const second = await patch(token, 'strategies', { updates: [strategies[1].id] });
    expect(json(second).data.profile.strategies).toEqual([strategies[1].id]);
    const fetched = json(await t.app.inject({ method: 'GET', url: '/api/v1/auth/getUser', headers: bearer(token) })).data;
    expect(fetched.profile.strategies).toEqual([strategies[1].id]);

    const cleared = await patch(token, 'strategies', { updates: [] });
    expect(json(cleared).data.profile.strategies).toEqual([]);
  });

  it('replaces markets and interests too', async () => {
    const { token } = await signup(t.app);
    const m = await patch(token, 'markets', { updates: marketIds });
    expect(m.statusCode).toBe(200);
    expect([...json(m).data.profile.markets].sort()).toEqual([...marketIds].sort());
    const i = await patch(token, 'interests', { updates: interestIds.slice(0, 1) });
    expect(i.statusCode).toBe(200);
    expect(json(i).data.profile.interests).toEqual(interestIds.slice(0, 1));
    expect([...json(i).data.profile.markets].sort()).toEqual([...marketIds].sort());
  });

  it('refuses unknown or inactive ids with 400 and changes nothing', async () => {
    const { token } = await signup(t.app);
    await patch(token, 'markets', { updates: [marketIds[0]] });

    const unknown = '00000000-0000-4000-8000-000000000009';
    const r1 = await patch(token, 'markets', { updates: [marketIds[1], unknown] });
    expect(r1.statusCode).toBe(400);
    expect(json(r1).error.message).toBe(PROFILE_MESSAGES.unknown('markets', [unknown]));

    const closed = (await sql<{ id: string }>`select id::text as id from markets where city = 'Closed'`.execute(t.db)).rows[0].id;
    const r2 = await patch(token, 'markets', { updates: [closed] });
    expect(r2.statusCode).toBe(400);
    expect(json(r2).error.message).toBe('Unknown or inactive market: ' + closed);

    const r3 = await patch(token, 'strategies', { updates: ['not-an-id'] });
    expect(r3.statusCode).toBe(400);
    expect(json(r3).error.message).toBe(PROFILE_MESSAGES.badId('strategies', 'not-an-id'));

    const user = json(await t.app.inject({ method: 'GET', url: '/api/v1/auth/getUser', headers: bearer(token) })).data;
    expect(user.profile.markets).toEqual([marketIds[0]]);
  });

  it.each([
    ['no body field', {}, 'Updates is required'],
    ['a list of objects', { updates: [{ id: 1 }] }, 'Updates must be a string'],
    ['a string that is not an id', { updates: 'abc' }, '"abc" is not a valid interest id'],
  ])('answers 400 for %s', async (_name, payload, message) => {
    const { token } = await signup(t.app);
    const r = await patch(token, 'interests', payload);
    expect(r.statusCode).toBe(400);
    expect(json(r).error.message).toBe(message);
  });
});

/** PATCH /api/v1/auth/profile/{path}, signed in when a token is given. */
const patchProfile = (t: TestApp, path: string, token: string | null, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/auth/profile/${path}`,
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });

describe.each(DATABASES)('profile experience on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  }, SETUP_TIMEOUT);
  afterAll(async () => t?.close());

  const patch = (token: string | null, payload: unknown) => patchProfile(t, 'experience', token, payload);

  it('needs a signed-in user', async () => {
    expect((await patch(null, { experience: 'new' })).statusCode).toBe(401);
  });

  it('sets each level, answers the updated user, and clears it with null', async () => {
    const { token, user } = await signup(t.app);
    for (const level of EXPERIENCE_LEVELS) {
      const r = await patch(token, { experience: level.id });
      expect(r.statusCode).toBe(200);
      expect(json(r).data._id).toBe(user._id);
      expect(json(r).data.profile.experience).toBe(level.id);
    }
    const fetched = json(await t.app.inject({ method: 'GET', url: '/api/v1/auth/getUser', headers: bearer(token) })).data;
    expect(fetched.profile.experience).toBe('professional');
    const cleared = await patch(token, { experience: null });
    expect(cleared.statusCode).toBe(200);
    expect(json(cleared).data.profile.experience).toBeNull();
  });

  it.each([
    ['an unknown level', { experience: 'guru' }, PROFILE_MESSAGES.experience],
    ['a number', { experience: 3 }, PROFILE_MESSAGES.experience],
    ['a label instead of an id', { experience: 'New to investing' }, PROFILE_MESSAGES.experience],
    ['no experience field', {}, 'Experience is required'],
  ])('answers 400 for %s and keeps the level', async (_name, payload, message) => {
    const { token } = await signup(t.app);
    await patch(token, { experience: 'starter' });
    const r = await patch(token, payload);
    expect(r.statusCode).toBe(400);
    expect(json(r).error.message).toBe(message);
    const user = json(await t.app.inject({ method: 'GET', url: '/api/v1/auth/getUser', headers: bearer(token) })).data;
    expect(user.profile.experience).toBe('starter');
  });

  it('names every accepted value in the message', () => {
    for (const level of EXPERIENCE_LEVELS) expect(PROFILE_MESSAGES.experience).toContain(level.id);
    expect(PROFILE_MESSAGES.experience).toContain('null');
  });
});

describe.each(DATABASES)('profile offer targets on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  }, SETUP_TIMEOUT);
  afterAll(async () => t?.close());

  const patch = (token: string | null, payload: unknown) => patchProfile(t, 'targets', token, payload);
  const getUser = async (token: string) =>
    json(await t.app.inject({ method: 'GET', url: '/api/v1/auth/getUser', headers: bearer(token) })).data;

  it('needs a signed-in user', async () => {
    expect((await patch(null, { cashOnCashPercent: 8, flipProfitPercent: 15 })).statusCode).toBe(401);
  });

  it('starts every user at the defaults, 8 % cash-on-cash and 15 % of ARV', async () => {
    const { token, user } = await signup(t.app);
    expect((user as unknown as { profile: { offerTargets: unknown } }).profile.offerTargets).toEqual(DEFAULT_OFFER_TARGETS);
    expect((await getUser(token)).profile.offerTargets).toEqual({ cashOnCashPercent: 8, flipProfitPercent: 15 });
  });

  it('saves both targets, fractions and the bounds included, and answers the updated user', async () => {
    const { token, user } = await signup(t.app);
    const r = await patch(token, { cashOnCashPercent: 10.5, flipProfitPercent: 20 });
    expect(r.statusCode).toBe(200);
    expect(json(r).data._id).toBe(user._id);
    expect(json(r).data.profile.offerTargets).toEqual({ cashOnCashPercent: 10.5, flipProfitPercent: 20 });
    expect((await getUser(token)).profile.offerTargets).toEqual({ cashOnCashPercent: 10.5, flipProfitPercent: 20 });
    const bounds = await patch(token, { cashOnCashPercent: 0, flipProfitPercent: 100 });
    expect(json(bounds).data.profile.offerTargets).toEqual({ cashOnCashPercent: 0, flipProfitPercent: 100 });
  });

  it.each([
    ['a negative target', { cashOnCashPercent: -1, flipProfitPercent: 15 }, offerTargetMessage('cashOnCashPercent')],
    ['a target above 100', { cashOnCashPercent: 8, flipProfitPercent: 150 }, offerTargetMessage('flipProfitPercent')],
    ['a string', { cashOnCashPercent: '8', flipProfitPercent: 15 }, offerTargetMessage('cashOnCashPercent')],
    [
      'two bad targets',
      { cashOnCashPercent: null, flipProfitPercent: 'lots' },
      `${offerTargetMessage('cashOnCashPercent')}. ${offerTargetMessage('flipProfitPercent')}`,
    ],
    ['a missing target', { cashOnCashPercent: 8 }, 'Flip profit percent is required'],
  ])('answers 400 for %s and keeps the targets', async (_name, payload, message) => {
    const { token } = await signup(t.app);
    await patch(token, { cashOnCashPercent: 9, flipProfitPercent: 12 });
    const r = await patch(token, payload);
    expect(r.statusCode).toBe(400);
    expect(json(r).error.message).toBe(message);
    expect((await getUser(token)).profile.offerTargets).toEqual({ cashOnCashPercent: 9, flipProfitPercent: 12 });
  });
});
