/**
 * The candidates within reach of one subject as typed arrays, reused from call to call: the comps'
 * and the lease comps' selections run for every listing of a recomputation and every sale and lease
 * of a backtest, over hundreds of candidates each, and an object per candidate was most of their time.
 */
export class CandidatePool {
  /** The candidate's place in the array given. */
  index = new Int32Array(1024);
  miles = new Float64Array(1024);
  /** The bedroom difference from the subject's (0 when the subject's is unknown; 255 for a candidate's unknown). */
  bedsOff = new Uint8Array(1024);
  /** The first step of the search that takes it (the steps only widen, so every later one takes it too). */
  firstStep = new Uint8Array(1024);

  /** Room for one more at `n` (doubled when full). */
  ensure(n: number): void {
    if (n < this.index.length) return;
    const grow = <T extends Int32Array | Float64Array | Uint8Array>(a: T): T => {
      const bigger = new (a.constructor as new (length: number) => T)(a.length * 2);
      bigger.set(a);
      return bigger;
    };
    this.index = grow(this.index);
    this.miles = grow(this.miles);
    this.bedsOff = grow(this.bedsOff);
    this.firstStep = grow(this.firstStep);
  }

  /** The bedroom difference as `bedsOff` keeps it. */
  static bedsOff(subjectBeds: number | null, beds: number | null): number {
    return subjectBeds === null ? 0 : beds === null ? 255 : Math.min(254, Math.abs(beds - subjectBeds));
  }
}
