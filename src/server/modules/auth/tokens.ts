import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: used for refresh and password-reset tokens. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256, so a database leak does not leak usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const successorKey = (rotated: string) => createHash('sha256').update('dealmap refresh successor\0').update(rotated).digest();

/**
 * The token that replaced `rotated`, sealed with `rotated` (AES-256-GCM): stored beside the rotated
 * token's hash, it can be opened only by whoever presents the rotated token, so the database alone
 * gives no usable refresh token.
 */
export function sealSuccessor(rotated: string, successor: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', successorKey(rotated), iv);
  const sealed = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

/** The successor sealed by sealSuccessor, or null when `rotated` is not the token it was sealed with. */
export function openSuccessor(rotated: string, sealed: string): string | null {
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    if (bytes.length < 12 + 16 + 1) return null;
    const decipher = createDecipheriv('aes-256-gcm', successorKey(rotated), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
