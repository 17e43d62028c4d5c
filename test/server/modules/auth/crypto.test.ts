import { createSecretKey } from 'node:crypto';
import { SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken } from '../../../../src/server/modules/auth/jwt';
import { DEFAULT_SCRYPT_COST, hashPassword, verifyPassword } from '../../../../src/server/modules/auth/passwords';
import { generateToken, hashToken } from '../../../../src/server/modules/auth/tokens';

describe('passwords', () => {
  it('hash as scrypt$N$r$p$salt$hash and verify', async () => {
    const stored = await hashPassword('correct horse', { N: 2 ** 12, r: 8, p: 1 });
    expect(stored).toMatch(/^scrypt\$4096\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
    await expect(verifyPassword('correct horse', stored)).resolves.toBe(true);
    await expect(verifyPassword('wrong horse', stored)).resolves.toBe(false);
    await expect(verifyPassword('x', 'not-a-hash')).resolves.toBe(false);
    // Salted: the same password hashes differently.
    expect(await hashPassword('correct horse', { N: 2 ** 12, r: 8, p: 1 })).not.toBe(stored);
  });

  it('default to N=2^17, r=8, p=1', () => {
    expect(DEFAULT_SCRYPT_COST).toEqual({ N: 131072, r: 8, p: 1 });
  });
});

describe('access tokens', () => {
  const secret = 'test-secret';
  const claims = { sub: 'user-1', sid: 'session-1', role: 'Agent' as const };

  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('sign and verify HS256 with a 15 minute lifetime and the sid claim', async () => {
    const token = await signAccessToken(claims, secret, 1000);
    const header = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString());
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    await expect(verifyAccessToken(token, secret, 1001)).resolves.toEqual({
      ...claims,
      iat: 1000,
      exp: 1000 + ACCESS_TOKEN_TTL_SECONDS,
    });
    expect(ACCESS_TOKEN_TTL_SECONDS).toBe(900);
  });

  it('is valid until its expiry, with no clock leeway', async () => {
    const token = await signAccessToken(claims, secret, 1000);
    await expect(verifyAccessToken(token, secret, 1000 + 899)).resolves.not.toBeNull();
    await expect(verifyAccessToken(token, secret, 1000 + 900)).resolves.toBeNull();
  });

  it('reject expired, tampered, foreign and alg-none tokens', async () => {
    const token = await signAccessToken(claims, secret, 1000);
    await expect(verifyAccessToken(token, secret, 1000 + 900)).resolves.toBeNull();
    await expect(verifyAccessToken(token, 'other-secret', 1001)).resolves.toBeNull();
    const [h, , s] = token.split('.');
    const forged = b64({ ...claims, role: 'Admin', iat: 1000, exp: 99999 });
    await expect(verifyAccessToken(`${h}.${forged}.${s}`, secret, 1001)).resolves.toBeNull();
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, iat: 1000, exp: 99999 })}.`;
    await expect(verifyAccessToken(unsigned, secret, 1001)).resolves.toBeNull();
    await expect(verifyAccessToken('a.b', secret)).resolves.toBeNull();
    await expect(verifyAccessToken('', secret)).resolves.toBeNull();
  });

  it('refuse a token without its session id', async () => {
    const key = createSecretKey(Buffer.from(secret));
    const noSid = await new SignJWT({ role: 'Agent' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-1')
      .setIssuedAt(1000)
      .setExpirationTime(1900)
      .sign(key);
    await expect(verifyAccessToken(noSid, secret, 1001)).resolves.toBeNull();
  });
});

describe('opaque tokens', () => {
  it('are 32 random bytes in base64url, stored as SHA-256', () => {
    const token = generateToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(generateToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hashToken(token));
  });
});
