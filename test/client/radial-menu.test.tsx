import { fireEvent, screen, waitFor } from '@testing-library/react';
import { RadialMenu } from '../../src/client/app/shell/radial-menu/radial-menu';
import { NOTES_TEXT, NOTE_SAVE_DELAY_MS } from '../../src/client/features/notes/notes-dialog';
import { TEAM_CHAT_TEXT } from '../../src/client/features/team-chat/team-chat-dialog';
import { callsTo, makeUser, mockApi, renderSignedIn, withFastComputedStyle } from './api-mock';

jest.setTimeout(30_000);
withFastComputedStyle();

const PROPERTY = '0c5b7d1e-9d52-4a53-8f55-7a1d1b2c3d4e';

async function choose(entry: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Open quick actions' }));
  fireEvent.click(await screen.findByRole('button', { name: entry }));
}

const box = (label: string) => screen.getByRole('textbox', { name: label });
const typeInto = (label: string, value: string) => fireEvent.change(box(label), { target: { value } });

describe('the radial menu', () => {
  beforeEach(() => localStorage.clear());

  it('Record keeps notes on the server: on a property page, the note on that property', async () => {
    const sent = mockApi({
      'GET /api/v1/auth/notes': (_body, url) => [
        200,
        { data: { propertyId: url.searchParams.get('propertyId'), body: 'Old roof', updatedAt: null } },
      ],
      'PUT /api/v1/auth/notes': (body) => [200, { data: { ...(body as object), updatedAt: '2026-11-25T10:00:00.000Z' } }],
    });
    renderSignedIn(<RadialMenu />, { path: `/app/property/${PROPERTY}`, route: '/app/property/:id' });
    await choose('Record');
    expect(await screen.findByRole('dialog', { name: NOTES_TEXT.onProperty })).toBeInTheDocument();
    await waitFor(() => expect(box(NOTES_TEXT.onProperty)).toHaveValue('Old roof'));
    expect(callsTo(sent, 'GET', '/api/v1/auth/notes')[0].search.get('propertyId')).toBe(PROPERTY);

    typeInto(NOTES_TEXT.onProperty, 'Old roof; ask for the inspection report');
    await waitFor(() => expect(callsTo(sent, 'PUT', '/api/v1/auth/notes')).toHaveLength(1), {
      timeout: NOTE_SAVE_DELAY_MS + 3000,
    });
    expect(callsTo(sent, 'PUT', '/api/v1/auth/notes')[0].body).toEqual({
      propertyId: PROPERTY,
      body: 'Old roof; ask for the inspection report',
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('Record elsewhere is the general note, and brings along a note this browser kept before', async () => {
    const user = makeUser();
    localStorage.setItem(`dealmap.notes.${user._id}`, 'Local note from before');
    const sent = mockApi({
      'GET /api/v1/auth/notes': [200, { data: { propertyId: null, body: '', updatedAt: null } }],
      'PUT /api/v1/auth/notes': (body) => [200, { data: { ...(body as object), updatedAt: '2026-11-25T10:00:00.000Z' } }],
    });
    renderSignedIn(<RadialMenu />, { path: '/app/search', user });
    await choose('Record');
    expect(await screen.findByRole('dialog', { name: NOTES_TEXT.general })).toBeInTheDocument();
    await waitFor(() => expect(box(NOTES_TEXT.general)).toHaveValue('Local note from before'));
    await waitFor(() =>
      expect(callsTo(sent, 'PUT', '/api/v1/auth/notes')[0]?.body).toEqual({ propertyId: null, body: 'Local note from before' }),
    );
    expect(localStorage.getItem(`dealmap.notes.${user._id}`)).toBeNull();
  });

  it('Chat sends a message to the team with the page it was written from; an empty one is refused', async () => {
    const sent = mockApi({ 'POST /api/v1/auth/teamMessage': [201, { data: { sentTo: 2 } }] });
    renderSignedIn(<RadialMenu />, { path: '/app/search?place=Austin', route: '/app/search' });
    await choose('Chat');
    expect(await screen.findByRole('dialog', { name: TEAM_CHAT_TEXT.title })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: TEAM_CHAT_TEXT.send }));
    expect(await screen.findByText(TEAM_CHAT_TEXT.required)).toBeInTheDocument();
    expect(callsTo(sent, 'POST', '/api/v1/auth/teamMessage')).toHaveLength(0);

    typeInto(TEAM_CHAT_TEXT.label, 'Are the Austin comps current?');
    fireEvent.click(screen.getByRole('button', { name: TEAM_CHAT_TEXT.send }));
    expect(await screen.findByText(TEAM_CHAT_TEXT.sent)).toBeInTheDocument();
    expect(callsTo(sent, 'POST', '/api/v1/auth/teamMessage')[0].body).toEqual({
      message: 'Are the Austin comps current?',
      page: '/app/search?place=Austin',
    });
  });
});
