import { readSignedIds, signIds } from '../../../lib/signed-ids';

/**
 * The one-click unsubscribe token of an alert e-mail (RFC 8058): the saved searches it turns off,
 * signed (lib/signed-ids.ts), so it needs no sign-in and cannot be made for another search. It does
 * not expire: an e-mail's unsubscribe link keeps working. One e-mail may batch several searches'
 * matches: its header's token names them all (at most MAX_SEARCHES_PER_TOKEN, which keeps the token
 * within UnsubscribeBody's 500 characters and the header within a mail line), each search's own
 * visible link names one.
 */

const PURPOSE = 'dealmap alert unsubscribe';

/** The most searches one token (and so one alert e-mail) covers. */
export const MAX_SEARCHES_PER_TOKEN = 20;

/** The token that turns off these saved searches' alerts (1 to MAX_SEARCHES_PER_TOKEN ids). */
export function signUnsubscribeToken(secret: string, searchIds: readonly string[]): string {
  const ids = new Set(searchIds.map((id) => id.toLowerCase()));
  if (ids.size < 1 || ids.size > MAX_SEARCHES_PER_TOKEN) {
    throw new Error(`an unsubscribe token names 1 to ${MAX_SEARCHES_PER_TOKEN} searches, not ${ids.size}`);
  }
  return signIds(secret, PURPOSE, searchIds);
}

/** The search ids a token signed with `secret` names, or null: cut short, changed, forged or not a token. */
export function readUnsubscribeToken(secret: string, token: string): string[] | null {
  return readSignedIds(secret, PURPOSE, token, MAX_SEARCHES_PER_TOKEN);
}
