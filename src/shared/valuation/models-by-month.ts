import {
  addObservation,
  emptyCell,
  fitMarketModel,
  modelable,
  monthOfDay,
  type MarketModel,
  type ModelCell,
} from './market-model';

/** The models of each market as of each month: fitted on the months before it. */
export interface Modelled {
  market: string;
  zip: string | null;
  closeDay: number;
  area: number | null;
  beds: number | null;
  baths: number | null;
}

export class ModelsByMonth<T extends Modelled> {
  private readonly cells = new Map<string, ModelCell[]>();
  private readonly fitted = new Map<string, MarketModel | null>();
  constructor(records: readonly T[], amountOf: (record: T) => number) {
    const byKey = new Map<string, ModelCell>();
    for (const r of records) {
      const amount = amountOf(r);
      if (!modelable({ ...r, amount })) continue;
      const market = r.market;
      const month = monthOfDay(r.closeDay);
      const key = `${market}|${r.zip}|${month}`;
      let cell = byKey.get(key);
      if (!cell) {
        byKey.set(key, (cell = emptyCell(r.zip as string, month)));
        let list = this.cells.get(market);
        if (!list) this.cells.set(market, (list = []));
        list.push(cell);
      }
      addObservation(cell, { amount, area: r.area as number, beds: r.beds as number, baths: r.baths as number });
    }
  }

  /** The market's model for a subject closing in `month`: its cells up to the month before. */
  at(market: string, month: number): MarketModel | null {
    const key = `${market}|${month}`;
    if (!this.fitted.has(key)) this.fitted.set(key, fitMarketModel(this.cells.get(market) ?? [], month - 1));
    return this.fitted.get(key) ?? null;
  }
}
