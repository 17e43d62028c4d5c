import { pricePercent, pricePosition } from '../../src/shared/price-position';

describe('price position', () => {
  it('is above all comps, below all comps, or within', () => {
    expect(pricePosition(500, [100, 200, 300])).toBe('above');
    expect(pricePosition(50, [100, 200, 300])).toBe('below');
    expect(pricePosition(200, [100, 200, 300])).toBe('within');
    expect(pricePosition(300, [100, 200, 300])).toBe('within');
    expect(pricePosition(150, [])).toBeNull();
  });

  it('places the marker along the min..max bar', () => {
    expect(pricePercent(150, 100, 200)).toBe(50);
    expect(pricePercent(500, 100, 200)).toBe(100);
    expect(pricePercent(50, 100, 200)).toBe(0);
    expect(pricePercent(100, 100, 100)).toBe(50);
  });
});
