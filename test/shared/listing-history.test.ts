import {
  daysAgoText,
  daysOnMarketText,
  formatCutPercent,
  formatPriceChange,
  offMarketText,
  hasRecentCut,
  listingAgeText,
  markerTitle,
  onMarketText,
  originalPriceText,
  priceChangePercent,
  priceChangeText,
  RECENT_CUT_DAYS,
  recentCutText,
} from '../../src/shared/listing-history';

describe('days on market and price cuts in words', () => {
  it('says days on market: listed today, one day, many days; nothing when unknown', () => {
    expect(daysOnMarketText(0)).toBe('Listed today');
    expect(daysOnMarketText(1)).toBe('1 day');
    expect(daysOnMarketText(47)).toBe('47 days');
    expect(daysOnMarketText(1204)).toBe('1,204 days');
    expect(daysOnMarketText(null)).toBeNull();
    expect(daysOnMarketText(-2)).toBeNull();
  });

  it('writes a cut to at most one decimal, without a trailing zero', () => {
    expect(formatCutPercent(5)).toBe('5%');
    expect(formatCutPercent(4.75)).toBe('4.8%');
    expect(formatCutPercent(12.0)).toBe('12%');
    expect(formatCutPercent(0.04)).toBe('0%');
  });

  it("makes the list row's line: days and the cut, either alone, or nothing", () => {
    expect(listingAgeText({ DaysOnMarket: 47, PriceCutPercent: 5 })).toBe('47 days · cut 5%');
    expect(listingAgeText({ DaysOnMarket: 1, PriceCutPercent: 0 })).toBe('1 day');
    expect(listingAgeText({ DaysOnMarket: 0, PriceCutPercent: 0 })).toBe('Listed today');
    expect(listingAgeText({ DaysOnMarket: null, PriceCutPercent: 7.5 })).toBe('cut 7.5%');
    expect(listingAgeText({ DaysOnMarket: null, PriceCutPercent: 0 })).toBe('');
  });

  it('adds the on-market date when the whole property has it', () => {
    expect(onMarketText(47, '2026-10-10')).toBe('47 days, since Oct 10, 2026');
    expect(onMarketText(0, '2026-11-26')).toBe('Listed today (Nov 26, 2026)');
    expect(onMarketText(12, null)).toBe('12 days');
    expect(onMarketText(null, '2026-10-10')).toBe('Since Oct 10, 2026');
    expect(onMarketText(null, null)).toBeNull();
    expect(onMarketText(3, 'not a day')).toBe('3 days');
  });
});

describe('the recent-cut badge', () => {
  it(`is on for a cut whose last price change is at most ${RECENT_CUT_DAYS} days old`, () => {
    expect(RECENT_CUT_DAYS).toBe(14);
    expect(hasRecentCut({ PriceCutPercent: 5, PriceChangeDays: 0 })).toBe(true);
    expect(hasRecentCut({ PriceCutPercent: 5, PriceChangeDays: RECENT_CUT_DAYS })).toBe(true);
    expect(hasRecentCut({ PriceCutPercent: 5, PriceChangeDays: RECENT_CUT_DAYS + 1 })).toBe(false);
    expect(hasRecentCut({ PriceCutPercent: 5, PriceChangeDays: null })).toBe(false);
    // A recent change that is no cut (a raise, or back to the original price) gets no badge.
    expect(hasRecentCut({ PriceCutPercent: 0, PriceChangeDays: 2 })).toBe(false);
  });

  it('says the cut and when in the title, after the address', () => {
    expect(daysAgoText(0)).toBe('today');
    expect(daysAgoText(1)).toBe('yesterday');
    expect(daysAgoText(9)).toBe('9 days ago');
    expect(recentCutText({ PriceCutPercent: 5, PriceChangeDays: 3 })).toBe('price cut 5% 3 days ago');
    expect(recentCutText({ PriceCutPercent: 12.5, PriceChangeDays: 0 })).toBe('price cut 12.5% today');
    expect(recentCutText({ PriceCutPercent: 5, PriceChangeDays: 30 })).toBeNull();
    const address = '1200 E 11th St, Austin, TX 78702';
    expect(markerTitle(address, { PriceCutPercent: 5, PriceChangeDays: 1 })).toBe(`${address} — price cut 5% yesterday`);
    expect(markerTitle(address, { PriceCutPercent: 5, PriceChangeDays: 40 })).toBe(address);
  });
});

describe('price changes', () => {
  it('in percent of the old price, signed', () => {
    expect(priceChangePercent(400_000, 380_000)).toBe(-5);
    expect(priceChangePercent(300_000, 306_000)).toBe(2);
    expect(priceChangePercent(0, 10)).toBeNull();
    expect(formatPriceChange(400_000, 380_000)).toBe('−5%');
    expect(formatPriceChange(480_000, 456_500)).toBe('−4.9%');
    expect(formatPriceChange(300_000, 306_000)).toBe('+2%');
    expect(formatPriceChange(300_000, 300_000)).toBe('0%');
    expect(formatPriceChange(0, 300_000)).toBe('—');
    expect(priceChangeText(480_000, 456_000)).toBe('$480,000 → $456,000');
  });

  it('says the original price with the cut, or that the price went up since', () => {
    expect(originalPriceText(480_000, 456_000, 5)).toBe('$480,000 (cut 5%)');
    expect(originalPriceText(400_000, 420_000, 0)).toBe('$400,000 (raised since)');
    expect(originalPriceText(456_000, 456_000, 0)).toBeNull();
    expect(originalPriceText(null, 456_000, 0)).toBeNull();
  });
});

describe('offMarketText', () => {
  it('says the status and the day the listing left the market', () => {
    expect(offMarketText({ since: '2026-11-27T03:04:05.000Z', status: 'Withdrawn' })).toBe(
      'Off market (Withdrawn) since Nov 27, 2026',
    );
    expect(offMarketText({ since: '2026-01-02T00:00:00Z', status: 'Not in feed' })).toBe(
      'Off market (Not in feed) since Jan 2, 2026',
    );
  });
});
