import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one-click unsubscribe token of an alert e-mail (RFC 8058): the saved searches it turns off,
 * signed with the server's secret (JWT_SECRET, as the access tokens are), so it needs no sign-in and
 * cannot be made for another search. It does not expire: an e-mail's unsubscribe link keeps working.
 *
 * Layout, base64url: a version byte, each search id's 16 bytes, then the first 16 bytes of
 * HMAC-SHA256 over a purpose label, the version and the ids. One e-mail may batch several searches'
 * matches: its header's token names them all (at most MAX_SEARCHES_PER_TOKEN, which keeps the token
 * within UnsubscribeBody's 500 characters and the header within a mail line), each search's own
 * visible link names one.
 */

const VERSION = 1;
const ID_BYTES = 16;
const MAC_BYTES = 16;
const PURPOSE = 'dealmap alert unsubscribe\0';

/** The most searches one token (and so one alert e-mail) covers. */
export const MAX_SEARCHES_PER_TOKEN = 20;

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

const idBytes = (id: string): Buffer => {
  if (!UUID.test(id)) throw new Error(`not a search id: ${id}`);
  return Buffer.from(id.replace(/-/g, ''), 'hex');
};

const idText = (bytes: Buffer): string => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

const mac = (secret: string, body: Buffer): Buffer =>
  createHmac('sha256', secret).update(PURPOSE).update(body).digest().subarray(0, MAC_BYTES);

/** The token that turns off these saved searches' alerts (1 to MAX_SEARCHES_PER_TOKEN ids). */
export function signUnsubscribeToken(secret: string, searchIds: readonly string[]): string {
  const ids = [...new Set(searchIds.map((id) => id.toLowerCase()))];
  if (ids.length < 1 || ids.length > MAX_SEARCHES_PER_TOKEN) {
    throw new Error(`an unsubscribe token names 1 to ${MAX_SEARCHES_PER_TOKEN} searches, not ${ids.length}`);
  }
  const body = Buffer.concat([Buffer.from([VERSION]), ...ids.map(idBytes)]);
  return Buffer.concat([body, mac(secret, body)]).toString('base64url');
}

/** The search ids a token signed with `secret` names, or null: cut short, changed, forged or not a token. */
export function readUnsubscribeToken(secret: string, token: string): string[] | null {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  const idsLength = bytes.length - 1 - MAC_BYTES;
  if (bytes[0] !== VERSION || idsLength < ID_BYTES || idsLength % ID_BYTES !== 0) return null;
  if (idsLength / ID_BYTES > MAX_SEARCHES_PER_TOKEN) return null;
  const body = bytes.subarray(0, bytes.length - MAC_BYTES);
  if (!timingSafeEqual(mac(secret, body), bytes.subarray(bytes.length - MAC_BYTES))) return null;
  const ids: string[] = [];
  for (let at = 1; at < body.length; at += ID_BYTES) ids.push(idText(body.subarray(at, at + ID_BYTES)));
  return ids;
}
