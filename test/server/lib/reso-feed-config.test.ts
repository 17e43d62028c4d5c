/**
 * The listing feed's variables (issue 30): RESO_API_URL with OAuth2 client credentials or a fixed
 * token, RESO_SYNC_MINUTES, RESO_FILTER; every mistake stops the start with a message that says
 * what to set.
 */
import { loadConfig } from '../../../src/server/lib/app-config';
import { parseDemoListings } from '../../../src/server/lib/app-config';
import { checkODataFilter, parseResoFeed } from '../../../src/server/lib/reso-feed-config';

const CREDENTIALS = {
  RESO_TOKEN_URL: 'https://auth.example-mls.com/oauth2/token',
  RESO_CLIENT_ID: 'dealmap',
  RESO_CLIENT_SECRET: 's3cret',
};
const API = 'https://api.example-mls.com/reso/odata';

describe('RESO_* variables', () => {
  it('is no feed when none is set', () => {
    expect(parseResoFeed({})).toBeUndefined();
  });

  it('reads client credentials, the defaults and a filter', () => {
    expect(parseResoFeed({ RESO_API_URL: `${API}/`, ...CREDENTIALS })).toEqual({
      apiUrl: API,
      tokenUrl: CREDENTIALS.RESO_TOKEN_URL,
      clientId: 'dealmap',
      clientSecret: 's3cret',
      bearerToken: undefined,
      syncMinutes: 15,
      filter: undefined,
    });
    expect(
      parseResoFeed({
        RESO_API_URL: API,
        RESO_BEARER_TOKEN: ' fixed-token ',
        RESO_SYNC_MINUTES: '5',
        RESO_FILTER: "City eq 'Austin' or City eq 'O''Fallon'",
      }),
    ).toMatchObject({ bearerToken: 'fixed-token', syncMinutes: 5, filter: "City eq 'Austin' or City eq 'O''Fallon'" });
    expect(
      loadConfig({ DATA_DIR: '/tmp/dealmap-reso-config', JWT_SECRET: 's', RESO_API_URL: API, ...CREDENTIALS }).resoFeed,
    ).toMatchObject({
      apiUrl: API,
    });
  });

  it.each<[string, NodeJS.ProcessEnv, string]>([
    [
      'credentials without the service',
      { ...CREDENTIALS },
      "RESO_TOKEN_URL, RESO_CLIENT_ID, RESO_CLIENT_SECRET are set but RESO_API_URL is not: set RESO_API_URL to the MLS's RESO Web API service root (e.g. https://api.example-mls.com/reso/odata), or unset them",
    ],
    [
      'a sync interval without the service',
      { RESO_SYNC_MINUTES: '10' },
      "RESO_SYNC_MINUTES is set but RESO_API_URL is not: set RESO_API_URL to the MLS's RESO Web API service root (e.g. https://api.example-mls.com/reso/odata), or unset it",
    ],
    [
      'no credentials',
      { RESO_API_URL: API },
      'RESO_API_URL needs credentials: set RESO_TOKEN_URL, RESO_CLIENT_ID and RESO_CLIENT_SECRET (OAuth2 client credentials, as the MLS or its vendor issued them), or RESO_BEARER_TOKEN for a fixed token',
    ],
    [
      'a missing secret',
      { RESO_API_URL: API, RESO_TOKEN_URL: CREDENTIALS.RESO_TOKEN_URL, RESO_CLIENT_ID: 'x' },
      'RESO_API_URL needs all three OAuth2 client-credential variables: RESO_CLIENT_SECRET is missing (or use RESO_BEARER_TOKEN for a fixed token instead)',
    ],
    [
      'both kinds of credentials',
      { RESO_API_URL: API, ...CREDENTIALS, RESO_BEARER_TOKEN: 't' },
      'Set either RESO_BEARER_TOKEN (a fixed token) or RESO_TOKEN_URL, RESO_CLIENT_ID, RESO_CLIENT_SECRET (OAuth2 client credentials), not both: RESO_TOKEN_URL, RESO_CLIENT_ID, RESO_CLIENT_SECRET are set too',
    ],
    [
      'a service that is not an address',
      { RESO_API_URL: 'api.example-mls.com', ...CREDENTIALS },
      `RESO_API_URL must be the http(s) address of the MLS's RESO Web API service root, e.g. ${API}, got "api.example-mls.com"`,
    ],
    [
      'another protocol',
      { RESO_API_URL: 'ftp://api.example-mls.com/odata', ...CREDENTIALS },
      `RESO_API_URL must be an http:// or https:// address (the MLS's RESO Web API service root, e.g. ${API}), got "ftp://api.example-mls.com/odata"`,
    ],
    [
      'a password in the address',
      { RESO_API_URL: 'https://me:pw@api.example-mls.com/odata', ...CREDENTIALS },
      'RESO_API_URL must not carry a user name or password: set RESO_CLIENT_ID and RESO_CLIENT_SECRET instead',
    ],
    [
      'the Property resource instead of the root',
      { RESO_API_URL: `${API}/Property`, ...CREDENTIALS },
      `RESO_API_URL must be the service root, not the Property resource: drop "/Property" from "${API}/Property" (the sync adds it)`,
    ],
    [
      'a query in the root',
      { RESO_API_URL: `${API}?$top=10`, ...CREDENTIALS },
      `RESO_API_URL must be the service root alone, without a query or fragment: got "${API}?$top=10"`,
    ],
    [
      'a token URL that is not one',
      { RESO_API_URL: API, ...CREDENTIALS, RESO_TOKEN_URL: 'token' },
      `RESO_TOKEN_URL must be the http(s) address of the MLS's OAuth2 token endpoint, got "token"`,
    ],
    [
      'an interval of zero',
      { RESO_API_URL: API, ...CREDENTIALS, RESO_SYNC_MINUTES: '0' },
      'RESO_SYNC_MINUTES must be a whole number of minutes from 1 to 1440 (a day), got "0"',
    ],
    [
      'an interval in hours',
      { RESO_API_URL: API, ...CREDENTIALS, RESO_SYNC_MINUTES: '1h' },
      'RESO_SYNC_MINUTES must be a whole number of minutes from 1 to 1440 (a day), got "1h"',
    ],
    [
      'a filter with an open string',
      { RESO_API_URL: API, ...CREDENTIALS, RESO_FILTER: "City eq 'Austin" },
      `RESO_FILTER has a string that is never closed (a string is in single quotes, a quote inside it doubled: 'O''Brien'): got "City eq 'Austin"`,
    ],
    [
      'a filter with an open parenthesis',
      { RESO_API_URL: API, ...CREDENTIALS, RESO_FILTER: "(City eq 'Austin'" },
      `RESO_FILTER opens a parenthesis it never closes: got "(City eq 'Austin'"`,
    ],
  ])('refuses %s', (_name, env, message) => {
    expect(() => parseResoFeed(env)).toThrow(message);
    expect(() => parseResoFeed(env)).toThrow(new Error(message));
  });

  it('checks a filter for closed strings and balanced parentheses only', () => {
    expect(checkODataFilter("(City eq 'A') or (City eq 'B')")).toBeNull();
    expect(checkODataFilter("City eq 'a(b'")).toBeNull();
    expect(checkODataFilter("City eq 'A')")).toBe('closes a parenthesis it never opened (character 12)');
  });

  it('loads no demo data by default when a feed is configured (its listings are the real ones)', () => {
    expect(parseDemoListings({})).toBe(20_000);
    expect(parseDemoListings({ RESO_API_URL: API })).toBe(0);
    expect(parseDemoListings({ RESO_API_URL: API, DEMO_LISTINGS: '500' })).toBe(500);
  });
});
