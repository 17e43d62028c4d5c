import { createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { RoleName } from '../../../shared/roles';

/** The claims of an access token: the user, the session (`sid`) and the role when it was issued. */
export interface AccessClaims {
  sub: string;
  sid: string;
  role: RoleName;
  iat: number;
  exp: number;
}

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

const ALGORITHM = 'HS256';

/**
 * No clock leeway: a token is valid while `exp` is after now, exactly as the server that signed it
 * sees the clock (servers behind a load balancer share one clock source).
 */
const CLOCK_TOLERANCE_SECONDS = 0;

/** Keys by secret: building a KeyObject is cheap, but there is only ever one secret. */
const keys = new Map<string, KeyObject>();
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

/** A signed HS256 access token for 15 minutes (jose). */
export async function signAccessToken(
  claims: { sub: string; sid: string; role: RoleName },
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<string> {
  return new SignJWT({ sid: claims.sid, role: claims.role })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + ACCESS_TOKEN_TTL_SECONDS)
    .sign(keyOf(secret));
}

/**
 * The claims of a valid, unexpired HS256 token signed with `secret`, or null: any other algorithm
 * (`none` included), a bad signature, a tampered payload, an expired token or missing claims.
 */
export async function verifyAccessToken(
  token: string,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      currentDate: new Date(nowSeconds * 1000),
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['sub', 'sid', 'exp', 'iat'],
    });
    const { sub, sid, role, iat, exp } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number' || typeof iat !== 'number') return null;
    return { sub, sid, role: role as RoleName, iat, exp };
  } catch {
    return null;
  }
}
