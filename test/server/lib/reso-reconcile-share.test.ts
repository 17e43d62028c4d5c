/**
 * RESO_RECONCILE_MAX_SHARE: the most of the listed listings one reconciliation may take off the map
 * (default 20 %); a mistake stops the start with a message that says what to write.
 */
import { parseResoFeed, RECONCILE_MAX_SHARE } from '../../../src/server/lib/reso-feed-config';

const FEED = { RESO_API_URL: 'https://api.example-mls.com/reso/odata', RESO_BEARER_TOKEN: 'fixed-token' };

describe('RESO_RECONCILE_MAX_SHARE', () => {
  it('is unset by default (the feed uses RECONCILE_MAX_SHARE, 20 %)', () => {
    expect(RECONCILE_MAX_SHARE).toBe(0.2);
    expect(parseResoFeed(FEED)).not.toHaveProperty('reconcileMaxShare');
  });

  it('reads a share from 0 to 1', () => {
    for (const [raw, share] of [
      ['0.5', 0.5],
      ['.35', 0.35],
      ['1', 1],
      ['0', 0],
    ] as const)
      expect(parseResoFeed({ ...FEED, RESO_RECONCILE_MAX_SHARE: raw })?.reconcileMaxShare).toBe(share);
  });

  it('refuses anything else, and says how to write a percentage', () => {
    expect(() => parseResoFeed({ ...FEED, RESO_RECONCILE_MAX_SHARE: '20%' })).toThrow(
      'RESO_RECONCILE_MAX_SHARE must be a share from 0 to 1 of the listed listings one reconciliation may take off the map (default 0.2; 1 turns the guard off), got "20%": for 20 % write 0.2',
    );
    expect(() => parseResoFeed({ ...FEED, RESO_RECONCILE_MAX_SHARE: '30' })).toThrow(/got "30": for 30 % write 0\.3$/);
    for (const raw of ['1.5', '-0.1', 'a fifth', '0.2.1'])
      expect(() => parseResoFeed({ ...FEED, RESO_RECONCILE_MAX_SHARE: raw })).toThrow(/must be a share from 0 to 1/);
  });

  it('needs RESO_API_URL, like the other RESO_* variables', () => {
    expect(() => parseResoFeed({ RESO_RECONCILE_MAX_SHARE: '0.3' })).toThrow(
      /RESO_RECONCILE_MAX_SHARE is set but RESO_API_URL is not/,
    );
  });
});
