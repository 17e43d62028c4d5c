import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SessionResponse, User } from '../../../shared/api-types';

/** The login response stored whole (token, refreshToken, user). Empty when signed out. */
export interface SessionState {
  token: string | null;
  refreshToken: string | null;
  user: User | null;
}

export const initialSessionState: SessionState = { token: null, refreshToken: null, user: null };

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    sessionStored: (_state, action: PayloadAction<SessionResponse>) => ({
      token: action.payload.token,
      refreshToken: action.payload.refreshToken,
      user: action.payload.user,
    }),
    userLoaded: (state, action: PayloadAction<User>) => {
      state.user = action.payload;
    },
    /** A refresh answers with a new pair (rotation): always keep the new refresh token. */
    tokensRefreshed: (state, action: PayloadAction<SessionResponse>) => {
      state.token = action.payload.token;
      state.refreshToken = action.payload.refreshToken;
      if (action.payload.user) state.user = action.payload.user;
    },
    sessionCleared: () => initialSessionState,
  },
});

export const { sessionStored, userLoaded, tokensRefreshed, sessionCleared } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

type WithSession = { session: SessionState };
export const selectSession = (state: WithSession): SessionState => state.session;
export const selectToken = (state: WithSession): string | null => state.session.token;
export const selectRefreshToken = (state: WithSession): string | null => state.session.refreshToken;
export const selectUser = (state: WithSession): User | null => state.session.user;
export const selectIsSignedIn = (state: WithSession): boolean => Boolean(state.session.token);
