import { dealStatusFromComps, dealStatusFromMarker, markerColorFor, DEAL_COLORS } from '../../../../src/shared/deal-status';
import { boundsProblems, BOUNDS_MESSAGES, isSearchableBounds } from '../../../../src/shared/geo/bounds';
import { haversineMiles } from '../../../../src/shared/geo/distance';
import { Readable } from 'node:stream';
import { csvField, csvLine, csvRecords, parseCsvRecords } from '../../../../src/server/lib/csv';
import { parseDate } from '../../../../src/server/lib/dates';
import { fromReso } from '../../../../src/server/modules/listings/from-reso';
import { parseTimestamp } from '../../../../src/server/modules/listings/reso-values';
import { parsePmmsCsv } from '../../../../src/server/modules/rates/service';

describe('deal status', () => {
  it('is a Good Deal below every comp, Overpriced above every comp, Market Price otherwise', () => {
    expect(dealStatusFromComps(200_000, [210_000, 250_000])).toBe('Good Deal');
    expect(dealStatusFromComps(300_000, [210_000, 250_000])).toBe('Overpriced');
    expect(dealStatusFromComps(230_000, [210_000, 250_000])).toBe('Market Price');
    expect(dealStatusFromComps(210_000, [210_000, 250_000])).toBe('Market Price'); // equal is not below
    expect(dealStatusFromComps(200_000, [])).toBe('Market Price');
    expect(dealStatusFromComps(null, [1])).toBe('Market Price');
  });

  it('colours the marker: green, red, cyan', () => {
    expect(markerColorFor('Good Deal').background).toBe('#10b981');
    expect(markerColorFor('Overpriced').background).toBe('#ef4444');
    expect(markerColorFor('Market Price').background).toBe('#06b6d4');
    expect(Object.keys(markerColorFor('Good Deal')).sort()).toEqual(['background', 'borderColor', 'glyphColor']);
  });

  it('reads the status back from the marker background; anything else or missing is Market Price', () => {
    expect(dealStatusFromMarker(DEAL_COLORS.goodDeal)).toBe('Good Deal');
    expect(dealStatusFromMarker('#EF4444')).toBe('Overpriced');
    expect(dealStatusFromMarker('#06b6d4')).toBe('Market Price');
    expect(dealStatusFromMarker('purple')).toBe('Market Price');
    expect(dealStatusFromMarker(undefined)).toBe('Market Price');
    for (const s of ['Good Deal', 'Overpriced', 'Market Price'] as const)
      expect(dealStatusFromMarker(markerColorFor(s).background)).toBe(s);
  });
});

describe('map bounds rules', () => {
  const ok = { ne: { lat: 30.3, lng: -97.7 }, sw: { lat: 30.2, lng: -97.8 } };
  it('accepts good bounds', () => {
    expect(boundsProblems(ok)).toEqual([]);
    expect(isSearchableBounds(ok)).toBe(true);
  });
  it.each([
    ['missing', { ne: { lat: 30.3 }, sw: { lat: 30.2, lng: -97.8 } }, BOUNDS_MESSAGES.missing(['ne.lng'])],
    ['north not above south', { ne: { lat: 30.2, lng: -97.7 }, sw: { lat: 30.3, lng: -97.8 } }, BOUNDS_MESSAGES.northSouth],
    ['east not above west', { ne: { lat: 30.3, lng: -97.8 }, sw: { lat: 30.2, lng: -97.7 } }, BOUNDS_MESSAGES.eastWest],
    ['tiny latitude span', { ne: { lat: 30.2005, lng: -97.7 }, sw: { lat: 30.2, lng: -97.8 } }, BOUNDS_MESSAGES.latSpanSmall],
    ['huge latitude span', { ne: { lat: 40.2, lng: -97.7 }, sw: { lat: 30.2, lng: -97.8 } }, BOUNDS_MESSAGES.latSpanLarge],
    ['tiny longitude span', { ne: { lat: 30.3, lng: -97.7995 }, sw: { lat: 30.2, lng: -97.8 } }, BOUNDS_MESSAGES.lngSpanSmall],
    ['huge longitude span', { ne: { lat: 30.3, lng: -87.7 }, sw: { lat: 30.2, lng: -97.8 } }, BOUNDS_MESSAGES.lngSpanLarge],
    ['latitude out of range', { ne: { lat: 91, lng: -97.7 }, sw: { lat: 89.5, lng: -97.8 } }, BOUNDS_MESSAGES.latRange],
    ['longitude out of range', { ne: { lat: 30.3, lng: -179.5 }, sw: { lat: 30.2, lng: -181 } }, BOUNDS_MESSAGES.lngRange],
  ])('%s', (_name, bounds, message) => {
    expect(boundsProblems(bounds)).toEqual([message]);
  });
});

describe('haversine', () => {
  it('measures miles', () => {
    // Austin Capitol to the Texas Governor's Mansion: about 0.15 mile; 1 degree of latitude ≈ 69.1 miles.
    expect(haversineMiles(30, -97, 31, -97)).toBeCloseTo(69.09, 1);
    expect(haversineMiles(30.2747, -97.7404, 30.2747, -97.7404)).toBe(0);
  });
});

describe('CSV parser', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF, BOM and keeps the original text', () => {
    const text = '\uFEFFa,b,c\r\n1,"x, y","say ""hi"""\r\n2,"two\nlines",z\n\n3,,\n';
    const records = parseCsvRecords(text);
    expect(records.map((r) => r.fields)).toEqual([
      ['a', 'b', 'c'],
      ['1', 'x, y', 'say "hi"'],
      ['2', 'two\nlines', 'z'],
      ['3', '', ''],
    ]);
    expect(records[2].raw).toBe('2,"two\nlines",z');
    expect(records.map((r) => r.line)).toEqual([1, 2, 3, 6]);
  });

  it('gives the same records whatever the chunking', async () => {
    const text = 'k,v\n1,"a,""b""\r\nc"\r\n2,d\n';
    const whole = parseCsvRecords(text).map((r) => [r.fields, r.raw]);
    for (let size = 1; size < 8; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
      const out: unknown[] = [];
      for await (const r of csvRecords(Readable.from(chunks))) out.push([r.fields, csvLine(r.fields)]);
      expect(out).toEqual(whole);
    }
  });

  it('quotes a field only when needed', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "x"')).toBe('"say ""x"""');
    expect(csvField(null)).toBe('');
  });
});

describe('RESO mapping', () => {
  const base = {
    ListingKey: 'K1',
    StandardStatus: 'Active',
    ListPrice: '250000',
    PublicRemarks: 'Nice',
    BedroomsTotal: '3',
    BathroomsFull: '2',
    BathroomsHalf: '1',
    BathroomsThreeQuarter: '',
    BathroomsTotalInteger: '9',
    LivingArea: '1500',
    UnparsedAddress: '1 Main St',
    City: 'Austin',
    StateOrProvince: 'tx',
    PostalCode: '78701',
    Latitude: '30.27',
    Longitude: '-97.74',
  };
  it('maps an Active row to a listing (total baths computed, BathroomsTotalInteger ignored)', () => {
    const r = fromReso(base);
    expect(r.ok).toBe(true);
    if (r.ok && r.value.kind === 'listing') {
      expect(r.value.record).toMatchObject({
        listing_key: 'K1',
        list_price: 250000,
        baths_full: 2,
        baths_half: 1,
        baths_three_quarter: null,
        state: 'TX',
        area: 1500,
      });
    } else throw new Error('expected a listing');
  });
  it('maps a Closed row to a sold comp', () => {
    const r = fromReso({ ...base, StandardStatus: 'Closed', ClosePrice: '240000', CloseDate: '2025-06-01' });
    expect(r.ok && r.value.kind === 'sold' && r.value.record.close_price).toBe(240000);
  });
  it('gives every reason a row is rejected', () => {
    const r = fromReso({ ...base, ListingKey: '', ListPrice: 'abc', Latitude: '95' });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.reasons).toEqual(['ListingKey is required', 'Latitude must be at most 90', 'ListPrice is not a number: "abc"']);
    const sold = fromReso({ ...base, StandardStatus: 'Closed', CloseDate: '2025-02-30' });
    expect(!sold.ok && sold.reasons).toEqual(['ClosePrice is required', 'CloseDate is not a date: "2025-02-30"']);
  });
  it('reads any other status as the listing gone off the market: its key, status and StatusChangeTimestamp only', () => {
    const off = (extra: Record<string, unknown>) => fromReso({ ...base, ListPrice: 'not read', Latitude: 'not read', ...extra });
    expect(off({ StandardStatus: 'Withdrawn', StatusChangeTimestamp: '2025-11-27T15:00:00Z' })).toEqual({
      ok: true,
      value: { kind: 'off-market', record: { listing_key: 'K1', status: 'Withdrawn', changed_at: '2025-11-27T15:00:00.000Z' } },
    });
    expect(off({ StandardStatus: 'Delete' })).toEqual({
      ok: true,
      value: { kind: 'off-market', record: { listing_key: 'K1', status: 'Deleted', changed_at: null } },
    });
    // A bad or future status time dates the mark when it is written rather than keeping the listing on the map.
    const later = off({ StandardStatus: 'Expired', StatusChangeTimestamp: '3025-01-01' });
    expect(later.ok && later.value.record).toMatchObject({ status: 'Expired', changed_at: null });
    expect(off({ StandardStatus: 'Pending', ListingKey: '' })).toEqual({ ok: false, reasons: ['ListingKey is required'] });
    const rental = off({ StandardStatus: 'Withdrawn', PropertyType: 'ResidentialLease' });
    expect(!rental.ok && rental.reasons[0]).toMatch(/^PropertyType ResidentialLease is imported only when Closed/);
  });
  it('reads when the listing came on the market: OnMarketDate, else ListingContractDate, else the days (cumulative first)', () => {
    const listing = (extra: Record<string, string>) => {
      const r = fromReso({ ...base, ...extra });
      if (!r.ok || r.value.kind !== 'listing') throw new Error(`expected a listing: ${JSON.stringify(r)}`);
      return r.value.record;
    };
    expect(listing({})).toMatchObject({
      on_market_date: null,
      days_on_market: null,
      original_list_price: null,
      price_changed_at: null,
    });
    const dates = { ListingContractDate: '2025-09-01', DaysOnMarket: '9', CumulativeDaysOnMarket: '40' };
    expect(listing({ ...dates, OnMarketDate: '9/15/2025' })).toMatchObject({
      on_market_date: '2025-09-15',
      days_on_market: null,
    });
    expect(listing(dates)).toMatchObject({ on_market_date: '2025-09-01', days_on_market: null });
    expect(listing({ DaysOnMarket: '9', CumulativeDaysOnMarket: '40' })).toMatchObject({
      on_market_date: null,
      days_on_market: 40,
    });
    expect(listing({ DaysOnMarket: '0' })).toMatchObject({ on_market_date: null, days_on_market: 0 });
    expect(listing({ OriginalListPrice: '$265,000', PriceChangeTimestamp: '2025-10-02T09:15:00-05:00' })).toMatchObject({
      original_list_price: 265_000,
      price_changed_at: '2025-10-02T14:15:00.000Z',
    });
    // A sold comp has none of them.
    const sold = fromReso({
      ...base,
      StandardStatus: 'Closed',
      ClosePrice: '240000',
      CloseDate: '2025-06-01',
      OnMarketDate: 'x',
    });
    expect(sold.ok && sold.value.kind === 'sold' && Object.keys(sold.value.record)).not.toContain('on_market_date');
  });
  it('rejects bad dates, days and original prices with their reasons', () => {
    const reasons = (extra: Record<string, string>) => {
      const r = fromReso({ ...base, ...extra });
      return r.ok ? [] : r.reasons;
    };
    expect(reasons({ OnMarketDate: '2025-02-30' })).toEqual(['OnMarketDate is not a date: "2025-02-30"']);
    expect(reasons({ ListingContractDate: 'yesterday' })).toEqual(['ListingContractDate is not a date: "yesterday"']);
    expect(reasons({ OnMarketDate: '3025-01-01' })).toEqual(['OnMarketDate is in the future: 3025-01-01']);
    expect(reasons({ DaysOnMarket: '-1', CumulativeDaysOnMarket: '99999' })).toEqual([
      'CumulativeDaysOnMarket must be at most 36500',
      'DaysOnMarket must be at least 0',
    ]);
    expect(reasons({ OriginalListPrice: '2000000000' })).toEqual(['OriginalListPrice must be at most 1000000000']);
    expect(reasons({ OriginalListPrice: 'n/a' })).toEqual(['OriginalListPrice is not a number: "n/a"']);
    expect(reasons({ PriceChangeTimestamp: '1899-12-31T23:00:00Z' })).toEqual([
      'PriceChangeTimestamp is before 1900: 1899-12-31T23:00:00.000Z',
    ]);
  });
  it('parses timestamps: ISO 8601 with or without a zone (UTC), or a date (midnight UTC)', () => {
    expect(parseTimestamp('2025-10-02T14:15:00Z')).toBe('2025-10-02T14:15:00.000Z');
    expect(parseTimestamp('2025-10-02 14:15')).toBe('2025-10-02T14:15:00.000Z');
    expect(parseTimestamp('2025-10-02T14:15:30.123456+0200')).toBe('2025-10-02T12:15:30.123Z');
    expect(parseTimestamp('2025-10-02T14:15:00+05')).toBe('2025-10-02T09:15:00.000Z');
    expect(parseTimestamp('2025-10-02')).toBe('2025-10-02T00:00:00.000Z');
    expect(parseTimestamp('10/2/2025')).toBe('2025-10-02T00:00:00.000Z');
    for (const bad of ['2025-10-02T24:00:00Z', '2025-02-30T10:00:00Z', '2025-10-02Tnoon', 'yesterday', '2025-10-02T10:61'])
      expect(parseTimestamp(bad)).toBeNull();
  });
  it('parses dates', () => {
    expect(parseDate('2025-11-20')).toBe('2025-11-20');
    expect(parseDate('11/20/2025')).toBe('2025-11-20');
    expect(parseDate('2025-11-20T10:00:00Z')).toBe('2025-11-20');
    expect(parseDate('2025-13-01')).toBeNull();
  });
});

describe('PMMS history CSV', () => {
  it('tolerates Freddie Mac header names and date formats', () => {
    const { rows } = parsePmmsCsv('date,pmms30,pmms30p,pmms15,pmms15p\n11/20/2025,6.26,0.6,5.54,0.6\n11/13/2025,6.24,,5.49,\n');
    expect(rows).toEqual([
      { asOf: '2025-11-20', thirty: 6.26, fifteen: 5.54 },
      { asOf: '2025-11-13', thirty: 6.24, fifteen: 5.49 },
    ]);
    const other = parsePmmsCsv('Week,30-Year FRM,15-Year FRM\n2025-11-20,6.26%,5.54%\nbad,1,2\n');
    expect(other.rows).toEqual([{ asOf: '2025-11-20', thirty: 6.26, fifteen: 5.54 }]);
    expect(other.skipped).toHaveLength(1);
  });
});
