import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RoleName } from '../../../shared/api-types';

export interface AccessClaims {
  sub: string;
  sid: string;
  role: RoleName;
  iat: number;
  exp: number;
}

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function sign(input: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

export function signAccessToken(
  claims: { sub: string; sid: string; role: RoleName },
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): string {
  const payload: AccessClaims = { ...claims, iat: nowSeconds, exp: nowSeconds + ACCESS_TOKEN_TTL_SECONDS };
  const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${body}.${sign(body, secret).toString('base64url')}`;
}

/** Returns the claims of a valid, unexpired HS256 token, or null. */
export function verifyAccessToken(
  token: string,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = sign(`${parts[0]}.${parts[1]}`, secret);
  const actual = Buffer.from(parts[2], 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  let claims: Partial<AccessClaims>;
  try {
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string' || typeof claims.exp !== 'number') return null;
  if (claims.exp <= nowSeconds) return null;
  return claims as AccessClaims;
}
