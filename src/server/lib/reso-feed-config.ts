/**
 * The listing feed's settings (issue 30; docs/listings.md, "Connecting an MLS"): a RESO Web API
 * service root, how to get a token, how often to sync and an optional OData filter. Checked when the
 * server starts, each problem a message that names the variable and what to set.
 */
import { envText } from './env-text';

export interface ResoFeedConfig {
  /** RESO_API_URL: the service root (`https://api.example-mls.com/reso/odata`), without a trailing slash. */
  apiUrl: string;
  /** OAuth2 client credentials (RESO_TOKEN_URL, RESO_CLIENT_ID, RESO_CLIENT_SECRET)… */
  tokenUrl?: string;
  clientId?: string;
  clientSecret?: string;
  /** …or a fixed token (RESO_BEARER_TOKEN). */
  bearerToken?: string;
  /** RESO_SYNC_MINUTES: minutes between incremental syncs. */
  syncMinutes: number;
  /** RESO_FILTER: an OData filter added (with `and`) to every query, e.g. `City eq 'Austin'`. */
  filter?: string;
  /**
   * RESO_RECONCILE_MAX_SHARE: the most of the listed listings (0–1) one reconciliation may take off
   * the map; one that would take more is held back. Default RECONCILE_MAX_SHARE.
   */
  reconcileMaxShare?: number;
}

export const DEFAULT_RESO_SYNC_MINUTES = 15;
/**
 * A reconciliation that would take off the map more than this share of the listed listings writes
 * nothing (docs/decisions.md): a feed that suddenly lists far fewer is more often a fault (a filter,
 * paging) than a market emptied in a day.
 */
export const RECONCILE_MAX_SHARE = 0.2;
/** A sync at most once a minute and at least once a day. */
export const MAX_RESO_SYNC_MINUTES = 24 * 60;
const MAX_FILTER_LENGTH = 2000;

const CREDENTIALS = ['RESO_TOKEN_URL', 'RESO_CLIENT_ID', 'RESO_CLIENT_SECRET'] as const;
const ALL = [
  'RESO_API_URL',
  ...CREDENTIALS,
  'RESO_BEARER_TOKEN',
  'RESO_SYNC_MINUTES',
  'RESO_FILTER',
  'RESO_RECONCILE_MAX_SHARE',
] as const;

/** An http(s) address without a user name or password in it. */
function httpUrl(name: string, raw: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be the http(s) address of ${what}, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must be an http:// or https:// address (${what}), got "${raw}"`);
  }
  if (url.username || url.password) {
    throw new Error(`${name} must not carry a user name or password: set RESO_CLIENT_ID and RESO_CLIENT_SECRET instead`);
  }
  return url;
}

/**
 * What an OData filter must be before it is sent: quotes closed (a string literal is in single
 * quotes, a quote inside doubled) and parentheses balanced. The server checks the rest (field names,
 * operators): a filter it refuses fails the first sync with its answer in the admin screen.
 */
export function checkODataFilter(filter: string): string | null {
  if (filter.length > MAX_FILTER_LENGTH) return `is longer than ${MAX_FILTER_LENGTH} characters`;
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < filter.length; i++) {
    const c = filter[i];
    if (quoted) {
      if (c === "'") {
        if (filter[i + 1] === "'") i++;
        else quoted = false;
      }
    } else if (c === "'") quoted = true;
    else if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return `closes a parenthesis it never opened (character ${i + 1})`;
  }
  if (quoted) return "has a string that is never closed (a string is in single quotes, a quote inside it doubled: 'O''Brien')";
  if (depth > 0) return 'opens a parenthesis it never closes';
  return null;
}

/**
 * The RESO_* variables: unset (no feed), or RESO_API_URL with either a bearer token or the three
 * client-credential variables. Any other RESO_* variable without RESO_API_URL is a mistake worth
 * stopping for (a feed half set up would otherwise quietly do nothing).
 */
export function parseResoFeed(env: NodeJS.ProcessEnv): ResoFeedConfig | undefined {
  const value = Object.fromEntries(ALL.map((name) => [name, envText(env[name])])) as Record<
    (typeof ALL)[number],
    string | undefined
  >;
  const apiRaw = value.RESO_API_URL;
  if (apiRaw === undefined) {
    const stray = ALL.filter((name) => value[name] !== undefined);
    if (stray.length) {
      throw new Error(
        `${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set but RESO_API_URL is not: set RESO_API_URL to the MLS's RESO Web API service root (e.g. https://api.example-mls.com/reso/odata), or unset ${stray.length > 1 ? 'them' : 'it'}`,
      );
    }
    return undefined;
  }
  const api = httpUrl('RESO_API_URL', apiRaw, "the MLS's RESO Web API service root, e.g. https://api.example-mls.com/reso/odata");
  if (api.search || api.hash) {
    throw new Error(`RESO_API_URL must be the service root alone, without a query or fragment: got "${apiRaw}"`);
  }
  if (/\/Property\/?$/i.test(api.pathname)) {
    throw new Error(
      `RESO_API_URL must be the service root, not the Property resource: drop "/Property" from "${apiRaw}" (the sync adds it)`,
    );
  }

  const bearerToken = value.RESO_BEARER_TOKEN;
  const given = CREDENTIALS.filter((name) => value[name] !== undefined);
  if (bearerToken !== undefined && given.length) {
    throw new Error(
      `Set either RESO_BEARER_TOKEN (a fixed token) or ${CREDENTIALS.join(', ')} (OAuth2 client credentials), not both: ${given.join(', ')} ${given.length > 1 ? 'are' : 'is'} set too`,
    );
  }
  if (bearerToken === undefined && given.length < CREDENTIALS.length) {
    const missing = CREDENTIALS.filter((name) => value[name] === undefined);
    throw new Error(
      given.length
        ? `RESO_API_URL needs all three OAuth2 client-credential variables: ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing (or use RESO_BEARER_TOKEN for a fixed token instead)`
        : 'RESO_API_URL needs credentials: set RESO_TOKEN_URL, RESO_CLIENT_ID and RESO_CLIENT_SECRET (OAuth2 client credentials, as the MLS or its vendor issued them), or RESO_BEARER_TOKEN for a fixed token',
    );
  }
  const tokenUrl =
    value.RESO_TOKEN_URL === undefined
      ? undefined
      : httpUrl('RESO_TOKEN_URL', value.RESO_TOKEN_URL, "the MLS's OAuth2 token endpoint").toString();

  let syncMinutes = DEFAULT_RESO_SYNC_MINUTES;
  if (value.RESO_SYNC_MINUTES !== undefined) {
    const raw = value.RESO_SYNC_MINUTES;
    syncMinutes = Number(raw);
    if (!/^\d+$/.test(raw) || syncMinutes < 1 || syncMinutes > MAX_RESO_SYNC_MINUTES) {
      throw new Error(
        `RESO_SYNC_MINUTES must be a whole number of minutes from 1 to ${MAX_RESO_SYNC_MINUTES} (a day), got "${raw}"`,
      );
    }
  }

  const filter = value.RESO_FILTER;
  if (filter !== undefined) {
    const problem = checkODataFilter(filter);
    if (problem) throw new Error(`RESO_FILTER ${problem}: got ${JSON.stringify(filter.slice(0, 200))}`);
  }

  let reconcileMaxShare: number | undefined;
  if (value.RESO_RECONCILE_MAX_SHARE !== undefined) {
    const raw = value.RESO_RECONCILE_MAX_SHARE;
    reconcileMaxShare = Number(raw);
    if (!/^\d*\.?\d+$/.test(raw) || reconcileMaxShare > 1) {
      const asPercent = /^(\d+(?:\.\d+)?)\s*%?$/.exec(raw);
      throw new Error(
        `RESO_RECONCILE_MAX_SHARE must be a share from 0 to 1 of the listed listings one reconciliation may take off the map (default ${RECONCILE_MAX_SHARE}; 1 turns the guard off), got "${raw}"${
          asPercent && Number(asPercent[1]) <= 100 ? `: for ${asPercent[1]} % write ${Number(asPercent[1]) / 100}` : ''
        }`,
      );
    }
  }

  return {
    apiUrl: api.toString().replace(/\/+$/, ''),
    tokenUrl,
    clientId: value.RESO_CLIENT_ID,
    clientSecret: value.RESO_CLIENT_SECRET,
    bearerToken,
    syncMinutes,
    filter,
    ...(reconcileMaxShare === undefined ? {} : { reconcileMaxShare }),
  };
}
