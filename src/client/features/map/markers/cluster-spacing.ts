/**
 * Clusters never overlap on screen (issue 15): at zoom 11-13 the server's grid cells and
 * supercluster's clusters can sit closer than their circles are wide (a cell's centre is the mean of
 * its properties, often near an edge). Circles that would overlap are drawn as one.
 */

export interface LatLng {
  lat: number;
  lng: number;
}

export interface Circle<T> {
  position: LatLng;
  count: number;
  item: T;
}

/** Web Mercator world pixel coordinates at a zoom (256 px tiles). */
export function worldPixel({ lat, lng }: LatLng, zoom: number): { x: number; y: number } {
  const scale = 256 * 2 ** zoom;
  const sin = Math.min(0.9999, Math.max(-0.9999, Math.sin((lat * Math.PI) / 180)));
  return {
    x: ((lng + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

interface Group<T> {
  x: number;
  y: number;
  count: number;
  members: Array<Circle<T>>;
}

/**
 * Groups the circles so that no two groups' circles overlap (with `gap` pixels between them): the
 * biggest first; a circle that overlaps a group joins it, and groups that grow into each other merge,
 * until none overlap. A group's circle sits at the count-weighted mean of its members, its diameter
 * from its total count.
 */
export function groupOverlapping<T>(
  circles: ReadonlyArray<Circle<T>>,
  zoom: number,
  diameter: (count: number) => number,
  gap = 2,
): Array<Array<Circle<T>>> {
  const groups: Array<Group<T>> = [];
  const overlap = (a: { x: number; y: number; count: number }, b: { x: number; y: number; count: number }) =>
    Math.hypot(a.x - b.x, a.y - b.y) < (diameter(a.count) + diameter(b.count)) / 2 + gap;
  const sorted = [...circles].sort((a, b) => b.count - a.count);
  for (const circle of sorted) {
    const at = { ...worldPixel(circle.position, zoom), count: circle.count };
    const host = groups.find((g) => overlap(g, at));
    if (host) absorb(host, { ...at, members: [circle] });
    else groups.push({ ...at, members: [circle] });
  }
  // A grown group may now reach another: merge until no two overlap.
  for (let merged = true; merged;) {
    merged = false;
    for (let i = 0; i < groups.length && !merged; i++) {
      for (let j = i + 1; j < groups.length; j++) {
        if (overlap(groups[i], groups[j])) {
          absorb(groups[i], groups[j]);
          groups.splice(j, 1);
          merged = true;
          break;
        }
      }
    }
  }
  return groups.map((g) => g.members);
}

function absorb<T>(into: Group<T>, other: Group<T>) {
  const total = into.count + other.count;
  into.x = (into.x * into.count + other.x * other.count) / total;
  into.y = (into.y * into.count + other.y * other.count) / total;
  into.count = total;
  into.members.push(...other.members);
}

/** The count-weighted mean position of circles. */
export function meanPosition(circles: ReadonlyArray<Circle<unknown>>): LatLng {
  let lat = 0;
  let lng = 0;
  let total = 0;
  for (const c of circles) {
    lat += c.position.lat * c.count;
    lng += c.position.lng * c.count;
    total += c.count;
  }
  return total > 0 ? { lat: lat / total, lng: lng / total } : circles[0].position;
}
