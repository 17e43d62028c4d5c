import { boundingBox } from '../geo/distance';

const GRID = 0.01;
const cellIndex = (v: number) => Math.floor(v / GRID);
/** A cell's key as a number (a text key was a string built per cell looked up: garbage by the million). */
const cellKey = (la: number, ln: number) => (la + 20_000) * 40_000 + (ln + 20_000);

/** Records by grid cell, each cell's sorted by close day (the candidates of a day are a slice). */
export class TimeGrid<T extends { latitude: number; longitude: number; closeDay: number }> {
  private readonly cells = new Map<number, T[]>();
  constructor(records: readonly T[]) {
    for (const r of records) {
      const key = cellKey(cellIndex(r.latitude), cellIndex(r.longitude));
      let list = this.cells.get(key);
      if (!list) this.cells.set(key, (list = []));
      list.push(r);
    }
    for (const list of this.cells.values()) list.sort((a, b) => a.closeDay - b.closeDay);
  }

  /** The records within `miles` of a point's box that closed in [from, to], into `out` (cleared first). */
  gather(latitude: number, longitude: number, miles: number, from: number, to: number, out: T[]): T[] {
    out.length = 0;
    const box = boundingBox(latitude, longitude, miles);
    for (let la = cellIndex(box.south); la <= cellIndex(box.north); la++) {
      for (let ln = cellIndex(box.west); ln <= cellIndex(box.east); ln++) {
        const list = this.cells.get(cellKey(la, ln));
        if (!list) continue;
        let lo = 0;
        let hi = list.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (list[mid].closeDay < from) lo = mid + 1;
          else hi = mid;
        }
        for (let k = lo; k < list.length && list[k].closeDay <= to; k++) out.push(list[k]);
      }
    }
    return out;
  }
}
