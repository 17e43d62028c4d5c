import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Row ids signed with the server's secret (JWT_SECRET, as the access tokens are), for links that work
 * without a sign-in: an alert e-mail's unsubscribe link, a shared report's link. Each use signs with a
 * purpose label of its own, so a token made for one is refused by another.
 *
 * Layout, base64url: a version byte, each id's 16 bytes, then the first 16 bytes of HMAC-SHA256 over
 * the purpose, the version and the ids.
 */

const VERSION = 1;
const ID_BYTES = 16;
const MAC_BYTES = 16;

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

const idBytes = (id: string): Buffer => {
  if (!UUID.test(id)) throw new Error(`not an id: ${id}`);
  return Buffer.from(id.replace(/-/g, ''), 'hex');
};

const idText = (bytes: Buffer): string => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

const mac = (secret: string, purpose: string, body: Buffer): Buffer =>
  createHmac('sha256', secret).update(`${purpose}\0`).update(body).digest().subarray(0, MAC_BYTES);

/** The token naming these ids (UUIDs, each once) for this purpose. */
export function signIds(secret: string, purpose: string, ids: readonly string[]): string {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const body = Buffer.concat([Buffer.from([VERSION]), ...unique.map(idBytes)]);
  return Buffer.concat([body, mac(secret, purpose, body)]).toString('base64url');
}

/** The ids a token signed with `secret` for `purpose` names (1 to `maxIds`), or null: cut short, changed, forged or not a token. */
export function readSignedIds(secret: string, purpose: string, token: string, maxIds: number): string[] | null {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  const idsLength = bytes.length - 1 - MAC_BYTES;
  if (bytes[0] !== VERSION || idsLength < ID_BYTES || idsLength % ID_BYTES !== 0) return null;
  if (idsLength / ID_BYTES > maxIds) return null;
  const body = bytes.subarray(0, bytes.length - MAC_BYTES);
  if (!timingSafeEqual(mac(secret, purpose, body), bytes.subarray(bytes.length - MAC_BYTES))) return null;
  const ids: string[] = [];
  for (let at = 1; at < body.length; at += ID_BYTES) ids.push(idText(body.subarray(at, at + ID_BYTES)));
  return ids;
}
