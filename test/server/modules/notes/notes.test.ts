import { sql } from 'kysely';
import { DATABASES, SETUP_TIMEOUT, bearer, createTestApp, json, signup, type TestApp } from '../../helpers';
import { NOTE_MESSAGES } from '../../../../src/server/modules/notes/routes';
import { TEAM_MESSAGE_LIMIT_PER_HOUR } from '../../../../src/server/modules/team-chat/routes';
import { TEAM_CHAT_MESSAGES } from '../../../../src/server/modules/team-chat/service';
import { MAX_NOTE_LENGTH } from '../../../../src/shared/schemas/notes';

describe.each(DATABASES)('notes and team messages on $name', (database) => {
  let t: TestApp;
  let propertyId: string;
  beforeAll(async () => {
    t = await createTestApp(database);
    propertyId = (
      await sql<{ id: string }>`
        insert into properties (listing_key, list_price, address_full, city, state, zip, latitude, longitude)
        values ('NOTE-1', 250000, '1 NOTE ST', 'Austin', 'TX', '78701', 30.27, -97.74) returning id::text as id`.execute(t.db)
    ).rows[0].id;
  }, SETUP_TIMEOUT);
  afterAll(async () => t?.close());

  const getNote = (token: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/v1/auth/notes${query}`, headers: bearer(token) });
  const putNote = (token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/auth/notes', headers: bearer(token), payload });

  it('keeps a general note and one per property on the server, for their owner only; empty deletes', async () => {
    const ada = await signup(t.app);
    const bob = await signup(t.app);
    expect(json(await getNote(ada.token)).data).toEqual({ propertyId: null, body: '', updatedAt: null });

    const saved = json(await putNote(ada.token, { body: 'Call the lender' })).data;
    expect(saved).toMatchObject({ propertyId: null, body: 'Call the lender' });
    expect(Date.parse(saved.updatedAt)).not.toBeNaN();
    expect(json(await putNote(ada.token, { propertyId, body: 'Roof looks old' })).data.body).toBe('Roof looks old');

    // Another device of the same user reads them back; another user sees none of them.
    expect(json(await getNote(ada.token)).data.body).toBe('Call the lender');
    expect(json(await getNote(ada.token, `?propertyId=${propertyId}`)).data.body).toBe('Roof looks old');
    expect(json(await getNote(bob.token, `?propertyId=${propertyId}`)).data.body).toBe('');

    // Saving again replaces; an empty body deletes.
    expect(json(await putNote(ada.token, { body: 'Call the lender at 9' })).data.body).toBe('Call the lender at 9');
    expect(json(await putNote(ada.token, { propertyId, body: '  ' })).data).toEqual({ propertyId, body: '', updatedAt: null });
    expect(json(await getNote(ada.token, `?propertyId=${propertyId}`)).data.body).toBe('');
  });

  it('refuses a bad property id (400), an unknown property (404), a note too long (400) and a signed-out caller (401)', async () => {
    const { token } = await signup(t.app);
    const bad = await getNote(token, '?propertyId=nope');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error.message).toBe(NOTE_MESSAGES.badPropertyId);
    const unknown = await putNote(token, { propertyId: '00000000-0000-4000-8000-000000000000', body: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect((await putNote(token, { body: 'x'.repeat(MAX_NOTE_LENGTH + 1) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/notes' })).statusCode).toBe(401);
  });

  it('mails a message to every active Admin with the sender as Reply-To; refuses an empty one; limits the rate', async () => {
    const user = await signup(t.app);
    const send = (message: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/teamMessage',
        headers: bearer(user.token),
        payload: { message, page: '/app/search?place=Austin' },
      });
    const sent = await send('How fresh are the comps in Austin?');
    expect(sent.statusCode).toBe(201);
    expect(json(sent).data.sentTo).toBeGreaterThanOrEqual(1);
    const mail = t.mailer.messages.find((m) => m.text.includes('How fresh are the comps'))!;
    expect(mail.replyTo).toBe(user.email);
    expect(mail.to).toContain('admin@test.dealmap');
    expect(mail.text).toContain('/app/search?place=Austin');
    expect(mail.html).not.toContain('<script');

    const empty = await send('   ');
    expect(empty.statusCode).toBe(400);
    expect(json(empty).error.message).toBe(TEAM_CHAT_MESSAGES.empty);
    // The empty one counted too.
    for (let i = 2; i < TEAM_MESSAGE_LIMIT_PER_HOUR; i++) expect((await send(`message ${i}`)).statusCode).toBe(201);
    expect((await send('one too many')).statusCode).toBe(429);
  });
});
