import { cellBounds, cellX, cellY } from '../../src/shared/geo/cluster-grid';
import {
  RETURNS_BINS,
  returnsBin,
  returnsCellCentre,
  returnsCellPlace,
  returnsCellText,
  returnsLegendTitle,
  returnsRangeText,
  returnText,
  sortReturnsCells,
} from '../../src/shared/returns-map';
import type { ReturnsCell } from '../../src/shared/schemas/property-search';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

const cell = (over: Partial<ReturnsCell>): ReturnsCell => ({
  key: '10/1/1',
  bounds: { ne: { lat: 1, lng: 1 }, sw: { lat: 0, lng: 0 } },
  count: 1,
  median: 5,
  low: 5,
  high: 5,
  place: null,
  ...over,
});

describe('returns heat map bins', () => {
  it('has 7 bins with text labels from "< -8%" to "≥ 12%"', () => {
    expect(RETURNS_BINS.map((b) => b.label)).toEqual([
      '< -8%',
      '-8 to -4%',
      '-4 to 0%',
      '0 to 4%',
      '4 to 8%',
      '8 to 12%',
      '≥ 12%',
    ]);
  });

  it('puts a figure in the bin whose range holds it: lower edge in, upper edge out; ∞ on top', () => {
    expect([-50, -8.01, -8, -4.01, -4, -0.01, 0, 3.99, 4, 7.9, 8, 11.99, 12, 250, 'Infinity' as const].map(returnsBin)).toEqual([
      0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 6,
    ]);
  });

  it('grows darker bin by bin (lightness, not hue alone) and keeps its text at 4.5:1 or more', () => {
    const lum = RETURNS_BINS.map((b) => luminance(b.fill));
    for (let i = 1; i < lum.length; i++) expect(lum[i]).toBeLessThan(lum[i - 1] * 0.85);
    for (const b of RETURNS_BINS) expect(contrast(b.fill, b.text)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('returns heat map texts', () => {
  it('says figures with one decimal and ∞ for no cash in', () => {
    expect(returnText(6.249)).toBe('6.2%');
    expect(returnText(-3)).toBe('-3.0%');
    expect(returnText('Infinity')).toBe('∞');
    expect(returnsRangeText({ low: 2.14, high: 'Infinity' })).toBe('2.1% to ∞');
    expect(returnsRangeText({ low: 4, high: 4 })).toBe('4.0%');
  });

  it("writes a cell's tooltip and the legend's title", () => {
    expect(returnsCellText(cell({ place: 'Austin, TX', median: 6.2, count: 14, low: 2.1, high: 9.8 }))).toBe(
      'Austin, TX: median 6.2% over 14 properties; middle 80%: 2.1% to 9.8%',
    );
    // Without a city, the cell's centre.
    const box = { ne: { lat: 30.3, lng: -97.7 }, sw: { lat: 30.24, lng: -97.78 } };
    expect(returnsCellText(cell({ count: 1, bounds: box }))).toBe(
      '30.27° N, 97.74° W: median 5.0% over 1 property; middle 80%: 5.0%',
    );
    expect(returnsCellPlace(cell({ place: 'Manor, TX', bounds: box }))).toBe('Manor, TX');
    expect(returnsCellCentre(cell({ place: 'Manor, TX', bounds: box }))).toBe('30.27° N, 97.74° W');
    expect(returnsLegendTitle('buyHold')).toBe('Buy & Hold cash-on-cash, median per area');
    expect(returnsLegendTitle('fixFlip')).toBe("Fix'N'Flip cash-on-cash, median per area");
  });

  it('lists cells best first: ∞ above every figure, then more properties, then by key', () => {
    const cells = [
      cell({ key: 'a', median: 3 }),
      cell({ key: 'b', median: 'Infinity' }),
      cell({ key: 'c', median: 3, count: 9 }),
      cell({ key: 'd', median: 'Infinity' }),
      cell({ key: 'e', median: -1 }),
    ];
    expect(sortReturnsCells(cells).map((c) => c.key)).toEqual(['b', 'd', 'c', 'a', 'e']);
  });
});

describe('cellBounds', () => {
  it("is the grid cell's box: its points map back to the cell, and neighbours share edges", () => {
    for (const zoom of [4, 7, 10, 12]) {
      const x = cellX(-97.74, zoom);
      const y = cellY(30.27, zoom);
      const box = cellBounds(zoom, x, y);
      const inner = (f: number) => ({
        lat: box.sw.lat + (box.ne.lat - box.sw.lat) * f,
        lng: box.sw.lng + (box.ne.lng - box.sw.lng) * f,
      });
      for (const f of [0.01, 0.5, 0.99]) {
        expect(cellX(inner(f).lng, zoom)).toBe(x);
        expect(cellY(inner(f).lat, zoom)).toBe(y);
      }
      expect(cellBounds(zoom, x + 1, y).sw.lng).toBeCloseTo(box.ne.lng, 10);
      expect(cellBounds(zoom, x, y + 1).ne.lat).toBeCloseTo(box.sw.lat, 10);
    }
  });
});
