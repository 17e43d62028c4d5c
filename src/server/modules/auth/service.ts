import type { FastifyBaseLogger } from 'fastify';
import { ERROR_CODES, type SessionResponse } from '../../../shared/api-types';
import { normalizeRole } from '../../../shared/roles';
import { AppError, MESSAGES, conflict, forbidden, unauthorized } from '../../http/errors';
import type { MailService } from '../mail';
import type { UsersRepository } from '../users';
import type { UsersService } from '../users';
import { signAccessToken, verifyAccessToken } from './jwt';
import { createDummyHash, hashPassword, verifyPassword, type ScryptCost } from './passwords';
import type { AuthRepository, RefreshTokenRow } from './repository';
import type { SessionCache } from './session-cache';
import { generateToken, hashToken, openSuccessor, sealSuccessor } from './tokens';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** A chain of rotations this long within one grace window is not two tabs. */
const MAX_SUCCESSOR_STEPS = 8;

export interface AuthContext {
  userId: string;
  sessionId: string;
  role: ReturnType<typeof normalizeRole>;
}

export interface AuthServiceDeps {
  repository: AuthRepository;
  /** Remembers checked access tokens for a few seconds (session-cache.ts); absent: every check reads the database. */
  sessionCache?: SessionCache;
  usersRepository: UsersRepository;
  users: UsersService;
  mail: MailService;
  jwtSecret: string;
  scryptCost: ScryptCost;
  /** How long a rotated refresh token still answers with the session's current tokens (REFRESH_REUSE_GRACE_MS). */
  refreshReuseGraceMs: number;
  log: FastifyBaseLogger;
}

const sessionExpired = () => new AppError(401, ERROR_CODES.tokenInvalid, MESSAGES.sessionExpired);
const resetTokenInvalid = () => new AppError(400, ERROR_CODES.tokenInvalid, MESSAGES.resetTokenInvalid);
const resetTokenExpired = () => new AppError(408, ERROR_CODES.tokenExpired, MESSAGES.resetTokenExpired);

export function createAuthService(deps: AuthServiceDeps) {
  const { repository, usersRepository, users, mail, jwtSecret, scryptCost, log, sessionCache, refreshReuseGraceMs } = deps;
  const dummyHash = createDummyHash(scryptCost);

  async function startSession(userId: string, roleName: string): Promise<SessionResponse> {
    const refreshToken = generateToken();
    const sessionId = await repository.createSession(userId, new Date(Date.now() + SESSION_TTL_MS), hashToken(refreshToken));
    return issue(userId, sessionId, roleName, refreshToken);
  }

  async function issue(userId: string, sessionId: string, roleName: string, refreshToken: string): Promise<SessionResponse> {
    const user = await users.getUser(userId);
    if (!user) throw sessionExpired();
    const token = await signAccessToken({ sub: userId, sid: sessionId, role: normalizeRole(roleName) }, jwtSecret);
    return { token, refreshToken, user };
  }

  /**
   * A rotated refresh token presented again. Within the grace it is another tab of the same browser
   * that refreshed a moment later than the first: it gets the session's current tokens. After the
   * grace the token was copied: the whole session ends.
   */
  async function reuse(token: string, found: RefreshTokenRow): Promise<SessionResponse> {
    const inGrace = found.rotated_ms_ago !== null && found.rotated_ms_ago <= refreshReuseGraceMs;
    if (inGrace && !found.revoked_at && !found.expired && found.active) {
      const current = await currentToken(token, found);
      if (current) return issue(current.row.user_id, current.row.session_id, current.row.role_name, current.token);
    }
    await repository.revokeSession(found.session_id);
    log.warn({ sessionId: found.session_id }, 'refresh token reuse detected; session revoked');
    throw sessionExpired();
  }

  /** The session's live refresh token, found by opening each rotated token's sealed successor in turn. */
  async function currentToken(token: string, row: RefreshTokenRow): Promise<{ token: string; row: RefreshTokenRow } | null> {
    for (let step = 0; step < MAX_SUCCESSOR_STEPS && row.successor; step++) {
      const next = openSuccessor(token, row.successor);
      if (!next) return null;
      const nextRow = await repository.findRefreshToken(hashToken(next));
      if (!nextRow || nextRow.session_id !== row.session_id) return null;
      if (!nextRow.rotated_at) return { token: next, row: nextRow };
      token = next;
      row = nextRow;
    }
    return null;
  }

  return {
    hashPassword: (password: string) => hashPassword(password, scryptCost),

    async login(username: string, password: string): Promise<SessionResponse> {
      const credentials = await usersRepository.findCredentialsByUsername(username.trim());
      // Unknown users still pay for one hash, so timing does not reveal which addresses exist.
      const valid = await verifyPassword(password, credentials?.password_hash ?? (await dummyHash()));
      // An inactive account gets the same answer as a wrong password: a different one would confirm
      // the password to whoever tried it. The admin screen is where inactivity shows.
      if (!credentials || !valid || !credentials.active) throw unauthorized(MESSAGES.invalidCredentials);
      await usersRepository.setLastLogin(credentials.id);
      return startSession(credentials.id, credentials.role_name);
    },

    async signup(email: string, password: string): Promise<SessionResponse> {
      const username = email.trim().toLowerCase();
      const [passwordHash, existing, roleId] = await Promise.all([
        hashPassword(password, scryptCost),
        usersRepository.findCredentialsByUsername(username),
        usersRepository.findRoleId('Investor'),
      ]);
      if (existing) throw conflict(MESSAGES.duplicateEmail);
      if (!roleId) throw new Error('The Investor role is missing; the database was not seeded');
      let userId: string;
      try {
        userId = await usersRepository.insert({ firstName: '', lastName: '', username, passwordHash, roleId });
      } catch (error) {
        // A concurrent signup with the same address won the unique index.
        if ((error as { code?: string }).code === '23505') throw conflict(MESSAGES.duplicateEmail);
        throw error;
      }
      await usersRepository.setLastLogin(userId);
      return startSession(userId, 'Investor');
    },

    async refresh(refreshToken: string): Promise<SessionResponse> {
      const oldHash = hashToken(refreshToken);
      const found = await repository.findRefreshToken(oldHash);
      if (!found) throw sessionExpired();
      if (found.rotated_at) return reuse(refreshToken, found);
      if (found.revoked_at || found.expired) throw sessionExpired();
      if (!found.active) {
        await repository.revokeSession(found.session_id);
        throw forbidden(MESSAGES.inactiveAccount);
      }
      const next = generateToken();
      if (!(await repository.rotateRefreshToken(oldHash, hashToken(next), found.session_id, sealSuccessor(refreshToken, next)))) {
        // A concurrent refresh with the same token (another tab) rotated it first: the reuse rules decide.
        const rotated = await repository.findRefreshToken(oldHash);
        if (rotated?.rotated_at) return reuse(refreshToken, rotated);
        await repository.revokeSession(found.session_id);
        throw sessionExpired();
      }
      return issue(found.user_id, found.session_id, found.role_name, next);
    },

    /** Idempotent: an unknown token is not an error. */
    async logout(refreshToken: string): Promise<void> {
      const sessionId = await repository.findSessionIdByRefreshToken(hashToken(refreshToken));
      if (sessionId) await repository.revokeSession(sessionId);
    },

    /** Resolves a bearer token to a live session of an active user, or throws 401. */
    async authenticate(accessToken: string | undefined): Promise<AuthContext> {
      const claims = accessToken ? await verifyAccessToken(accessToken, jwtSecret) : null;
      if (!claims) throw unauthorized();
      const remembered = sessionCache?.get(claims.sid, claims.sub);
      if (remembered) return remembered;
      const startedAt = sessionCache?.epoch() ?? 0;
      const session = await repository.findLiveSession(claims.sid, claims.sub);
      if (!session || !session.active) throw unauthorized();
      const context = { userId: claims.sub, sessionId: claims.sid, role: normalizeRole(session.role_name) };
      sessionCache?.remember(context, startedAt);
      return context;
    },

    /**
     * Does the same work whether or not the address exists; the mail is sent in the background
     * so the response time does not tell either.
     */
    async forgotPassword(username: string): Promise<void> {
      const email = username.trim().toLowerCase();
      const token = generateToken();
      const userId = await repository.createResetTokenForUsername(
        email,
        hashToken(token),
        new Date(Date.now() + RESET_TOKEN_TTL_MS),
      );
      if (!userId) return;
      void mail.sendPasswordReset(email, token).catch((error: unknown) => {
        log.error({ err: error }, 'could not send the password reset email');
      });
    },

    async checkResetToken(token: string): Promise<void> {
      const found = await repository.findResetToken(hashToken(token));
      if (!found || found.used_at) throw resetTokenInvalid();
      if (found.expired) throw resetTokenExpired();
    },

    async resetPassword(token: string, password: string): Promise<void> {
      const tokenHash = hashToken(token);
      const found = await repository.findResetToken(tokenHash);
      if (!found || found.used_at) throw resetTokenInvalid();
      if (found.expired) throw resetTokenExpired();
      const passwordHash = await hashPassword(password, scryptCost);
      const userId = await repository.resetPassword(tokenHash, passwordHash);
      // Used or expired between the check and the update.
      if (!userId) throw resetTokenInvalid();
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
