/** What other modules use of auth: the guards, password hashing, the rate limiter and the service's types. */
export { createAuthenticate, requireRole } from './guard';
export { DEFAULT_SCRYPT_COST, hashPassword, verifyPassword, type ScryptCost } from './passwords';
export { MINUTE, limiter } from './rate-limits';
export { createAuthRepository, type AuthRepository } from './repository';
export type { AuthContext, AuthService } from './service';
