import {
  initialSessionState,
  sessionCleared,
  sessionReducer,
  sessionStored,
  tokensRefreshed,
  userLoaded,
} from '../../src/client/features/session/session-slice';
import {
  restoreTheme,
  themeReducer,
  themeSet,
  themeToggled,
  systemThemeChanged,
} from '../../src/client/features/theme/theme-slice';
import { THEME_STORAGE_KEY } from '../../src/client/constants';
import type { User } from '../../src/shared/api-types';

const user = { _id: 'u1', username: 'a@b.co', firstName: 'A', lastName: 'B', role: 'Agent' } as User;

function mockSystemDark(dark: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: dark && query.includes('dark'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

describe('session slice', () => {
  it('stores the login response whole, loads the user, rotates tokens and clears', () => {
    let state = sessionReducer(undefined, { type: 'init' });
    expect(state).toEqual(initialSessionState);
    state = sessionReducer(state, sessionStored({ token: 't1', refreshToken: 'r1', user }));
    expect(state).toEqual({ token: 't1', refreshToken: 'r1', user });
    state = sessionReducer(state, userLoaded({ ...user, firstName: 'Ann' }));
    expect(state.user?.firstName).toBe('Ann');
    state = sessionReducer(state, tokensRefreshed({ token: 't2', refreshToken: 'r2', user }));
    expect(state).toMatchObject({ token: 't2', refreshToken: 'r2' });
    expect(sessionReducer(state, sessionCleared())).toEqual(initialSessionState);
  });
});

describe('theme slice', () => {
  beforeEach(() => window.localStorage.clear());

  it('restores the saved explicit choice', () => {
    mockSystemDark(true);
    window.localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify({ mode: 'light', followSystem: false }));
    expect(restoreTheme()).toEqual({ mode: 'light', followSystem: false });
  });

  it('uses the system preference with nothing saved or while following the system', () => {
    mockSystemDark(true);
    expect(restoreTheme()).toEqual({ mode: 'dark', followSystem: true });
    window.localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify({ mode: 'light', followSystem: true }));
    expect(restoreTheme()).toEqual({ mode: 'dark', followSystem: true });
    mockSystemDark(false);
    expect(restoreTheme()).toEqual({ mode: 'light', followSystem: true });
  });

  it('an explicit choice clears the follow flag; system changes apply only while following', () => {
    const following = { mode: 'light' as const, followSystem: true };
    expect(themeReducer(following, systemThemeChanged('dark'))).toEqual({ mode: 'dark', followSystem: true });
    const explicit = themeReducer(following, themeSet('light'));
    expect(explicit).toEqual({ mode: 'light', followSystem: false });
    expect(themeReducer(explicit, systemThemeChanged('dark'))).toEqual(explicit);
    expect(themeReducer(following, themeToggled())).toEqual({ mode: 'dark', followSystem: false });
  });

  it('storage failures only warn', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    mockSystemDark(false);
    expect(restoreTheme()).toEqual({ mode: 'light', followSystem: true });
    expect(warn).toHaveBeenCalled();
    getItem.mockRestore();
    warn.mockRestore();
  });
});
