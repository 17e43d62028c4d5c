import { screen, waitFor } from '@testing-library/react';
import { LogoutPage } from '../../src/client/features/session/logout-page';
import { callsTo, mockApi, renderSignedIn } from './api-mock';

describe('logout', () => {
  it('deletes the session on the server, then clears every dealmap.* key of localStorage, and goes to /', async () => {
    localStorage.setItem('dealmap.session', '{"token":"\\"t\\""}');
    localStorage.setItem('dealmap.notes.u1', 'an old local note');
    localStorage.setItem('dealmap.theme', '"dark"');
    localStorage.setItem('dealmap.devtools.fullState', 'true');
    localStorage.setItem('another-app', 'kept');
    const sent = mockApi({ 'DELETE /api/v1/session/refresh': [204] });
    const { store } = renderSignedIn(<LogoutPage />, { path: '/logout' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(callsTo(sent, 'DELETE', '/api/v1/session/refresh')).toHaveLength(1);
    expect(store.getState().session.token).toBeNull();
    const left = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    expect(left).toEqual(['another-app']);
  });
});
