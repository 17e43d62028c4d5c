import { boundingBox } from '../../../shared/geo/distance';
import { MAX_LEASE_RADIUS_MILES } from '../../../shared/rent-estimate';

/** Grid cell size (degrees) for fetching comp and lease candidates of a batch. */
const CELL = 0.05;
export const cellOf = (v: number) => Math.floor(v / CELL);

type Box = { s: number; n: number; w: number; e: number };

/** A grid cell's key as a box (a little larger, so a record on its edge is not missed). */
export function cellBox(key: string): Box {
  const [la, ln] = key.split(':').map(Number);
  return { s: la * CELL - 1e-9, n: (la + 1) * CELL + 1e-9, w: ln * CELL - 1e-9, e: (ln + 1) * CELL + 1e-9 };
}

/** One box around `boxes` (one range of the position index: a read of many small boxes scanned the table for each). */
export function boxAround(boxes: readonly Box[]): Box {
  return {
    s: Math.min(...boxes.map((b) => b.s)),
    n: Math.max(...boxes.map((b) => b.n)),
    w: Math.min(...boxes.map((b) => b.w)),
    e: Math.max(...boxes.map((b) => b.e)),
  };
}

/** The grid cells covering each row's search box of `miles`, and all of them as keys and boxes (one read for the batch). */
export function cellsAround(rows: ReadonlyArray<{ latitude: number; longitude: number }>, miles: number) {
  const cells = new Set<string>();
  const rowCells = rows.map((r) => {
    const box = boundingBox(r.latitude, r.longitude, miles);
    const keys: string[] = [];
    for (let la = cellOf(box.south); la <= cellOf(box.north); la++) {
      for (let ln = cellOf(box.west); ln <= cellOf(box.east); ln++) {
        const key = `${la}:${ln}`;
        keys.push(key);
        cells.add(key);
      }
    }
    return keys;
  });
  const keys = [...cells];
  return { rowCells, keys, boxes: keys.map(cellBox) };
}

/**
 * How many grid cells west of a listing its lease search can reach: 3 miles of longitude at 80°
 * latitude (the widest anywhere a listing may be), rounded up.
 */
export const LEASE_CELLS_WEST = Math.ceil(boundingBox(80, 0, MAX_LEASE_RADIUS_MILES).east / CELL) + 1;

/** Records bucketed by grid cell (each once, though a record on a cell's edge is read for both cells). */
export function byCell<T extends { id: string; latitude: number; longitude: number }>(records: readonly T[]): Map<string, T[]> {
  const grid = new Map<string, T[]>();
  const seen = new Set<string>();
  for (const c of records) {
    if (seen.has(c.id)) continue;
    seen.add(c.id);
    const key = `${cellOf(c.latitude)}:${cellOf(c.longitude)}`;
    let list = grid.get(key);
    if (!list) grid.set(key, (list = []));
    list.push(c);
  }
  return grid;
}

/** A row's candidates: the records of its cells. */
export function gathered<T>(grid: Map<string, T[]>, keys: readonly string[]): T[] {
  const out: T[] = [];
  for (const key of keys) {
    const list = grid.get(key);
    if (list) for (const c of list) out.push(c);
  }
  return out;
}
