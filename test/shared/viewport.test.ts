import { boundsAround, boundsCenter, zoomToFit } from '../../src/shared/geo/viewport';

describe('a view without a map', () => {
  const austin = { lat: 30.2672, lng: -97.7431 };

  it('spans 360° of longitude over 256 px at zoom 0, halving with each zoom', () => {
    const world = boundsAround({ lat: 0, lng: 0 }, 0, 256, 256);
    expect(world.ne.lng - world.sw.lng).toBeCloseTo(360, 6);
    const z10 = boundsAround(austin, 10, 1024, 768);
    const z11 = boundsAround(austin, 11, 1024, 768);
    expect(z10.ne.lng - z10.sw.lng).toBeCloseTo(1.40625, 6);
    expect((z11.ne.lng - z11.sw.lng) * 2).toBeCloseTo(z10.ne.lng - z10.sw.lng, 9);
  });

  it('is centred on its centre (Mercator: north of the equator, fewer degrees of latitude above the centre)', () => {
    const b = boundsAround(austin, 12, 1024, 768);
    expect((b.ne.lng + b.sw.lng) / 2).toBeCloseTo(austin.lng, 9);
    expect(b.ne.lat - austin.lat).toBeLessThan(austin.lat - b.sw.lat);
    expect(boundsCenter(b).lat).toBeCloseTo(austin.lat, 9);
  });

  it('fits a box at the largest zoom that holds it, and back', () => {
    for (const zoom of [4, 9, 12, 15]) {
      const b = boundsAround(austin, zoom, 1024, 768);
      expect(zoomToFit(b, 1024, 768)).toBe(zoom);
      expect(zoomToFit(b, 1023, 768)).toBe(zoom - 1);
    }
    expect(zoomToFit({ ne: austin, sw: austin }, 1024, 768)).toBe(22);
  });
});
