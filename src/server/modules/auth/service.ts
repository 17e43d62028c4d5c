import type { FastifyBaseLogger } from 'fastify';
import { ERROR_CODES, type SessionResponse } from '../../../shared/api-types';
import { normalizeRole } from '../../../shared/roles';
import { AppError, MESSAGES, conflict, forbidden, unauthorized } from '../../http/errors';
import type { MailService } from '../mail';
import type { UsersRepository } from '../users';
import type { UsersService } from '../users';
import { signAccessToken, verifyAccessToken } from './jwt';
import { createDummyHash, hashPassword, verifyPassword, type ScryptCost } from './passwords';
import type { AuthRepository } from './repository';
import type { SessionCache } from './session-cache';
import { generateToken, hashToken } from './tokens';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

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
  log: FastifyBaseLogger;
}

const sessionExpired = () => new AppError(401, ERROR_CODES.tokenInvalid, MESSAGES.sessionExpired);
const resetTokenInvalid = () => new AppError(400, ERROR_CODES.tokenInvalid, MESSAGES.resetTokenInvalid);
const resetTokenExpired = () => new AppError(408, ERROR_CODES.tokenExpired, MESSAGES.resetTokenExpired);

export function createAuthService(deps: AuthServiceDeps) {
  const { repository, usersRepository, users, mail, jwtSecret, scryptCost, log, sessionCache } = deps;
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
      if (found.rotated_at) {
        // A rotated token came back: it was copied. End the whole session.
        await repository.revokeSession(found.session_id);
        log.warn({ sessionId: found.session_id }, 'refresh token reuse detected; session revoked');
        throw sessionExpired();
      }
      if (found.revoked_at || found.expired) throw sessionExpired();
      if (!found.active) {
        await repository.revokeSession(found.session_id);
        throw forbidden(MESSAGES.inactiveAccount);
      }
      const next = generateToken();
      if (!(await repository.rotateRefreshToken(oldHash, hashToken(next), found.session_id))) {
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
