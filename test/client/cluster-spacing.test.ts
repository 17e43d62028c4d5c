import { clusterDiameter } from '../../src/client/features/map/markers/cluster-rules';
import { groupOverlapping, meanPosition, worldPixel, type Circle } from '../../src/client/features/map/markers/cluster-spacing';

const circle = (lat: number, lng: number, count: number, item = `${lat},${lng}`): Circle<string> => ({
  position: { lat, lng },
  count,
  item,
});

/** No two groups' circles (at their weighted mean, sized by their total) overlap. */
function expectNoOverlap(groups: Array<Array<Circle<string>>>, zoom: number) {
  const drawn = groups.map((g) => {
    const count = g.reduce((n, c) => n + c.count, 0);
    return { ...worldPixel(meanPosition(g), zoom), d: clusterDiameter(count) };
  });
  for (let i = 0; i < drawn.length; i++) {
    for (let j = i + 1; j < drawn.length; j++) {
      const gap = Math.hypot(drawn[i].x - drawn[j].x, drawn[i].y - drawn[j].y) - (drawn[i].d + drawn[j].d) / 2;
      expect(gap).toBeGreaterThan(0);
    }
  }
}

describe('worldPixel', () => {
  it('puts (0, 0) at the middle of the world and doubles with each zoom', () => {
    expect(worldPixel({ lat: 0, lng: 0 }, 0)).toEqual({ x: 128, y: 128 });
    const a = worldPixel({ lat: 30.27, lng: -97.74 }, 11);
    const b = worldPixel({ lat: 30.27, lng: -97.74 }, 12);
    expect(b.x).toBeCloseTo(a.x * 2, 6);
    expect(b.y).toBeCloseTo(a.y * 2, 6);
  });
});

describe('groupOverlapping', () => {
  it('keeps circles that are apart, and draws circles that would overlap as one', () => {
    // At zoom 12 a degree of longitude is about 2,900 px: 0.001° is about 3 px, 0.1° about 290 px.
    const groups = groupOverlapping(
      [circle(30.27, -97.74, 50), circle(30.27, -97.739, 20), circle(30.27, -97.6, 5)],
      12,
      clusterDiameter,
    );
    expect(groups.map((g) => g.map((c) => c.count).sort((a, b) => b - a))).toEqual([[50, 20], [5]]);
  });

  it('merges groups that grow into each other', () => {
    // b overlaps a; the grown group then reaches c.
    const zoom = 13;
    const groups = groupOverlapping(
      [circle(30.27, -97.74, 400), circle(30.27, -97.7392, 300), circle(30.27, -97.7378, 200), circle(30.2, -97.6, 3)],
      zoom,
      clusterDiameter,
    );
    expect(groups).toHaveLength(2);
    expectNoOverlap(groups, zoom);
  });

  it('leaves no two circles overlapping for random clusters at zoom 11 to 13', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (const zoom of [11, 12, 13]) {
      const circles = Array.from({ length: 300 }, (_, i) =>
        circle(30.1 + random() * 0.35, -97.95 + random() * 0.4, 1 + Math.floor(random() ** 3 * 2000), `c${i}`),
      );
      const groups = groupOverlapping(circles, zoom, clusterDiameter);
      expect(groups.flat()).toHaveLength(circles.length);
      expectNoOverlap(groups, zoom);
    }
  });

  it('gives the merged circle the count-weighted mean position', () => {
    expect(meanPosition([circle(30, -97, 3), circle(31, -98, 1)])).toEqual({ lat: 30.25, lng: -97.25 });
  });
});
