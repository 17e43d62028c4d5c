import { lookup } from 'zipcodes';
import { propertyTimeline, portfolioTotals, type OwnedProperty } from '../../../shared/portfolio/figures';
import { PORTFOLIO_LIMITS } from '../../../shared/portfolio/limits';
import { daysInMonth, isMonth, monthFromNumber, monthName, monthNumber, monthOf } from '../../../shared/portfolio/months';
import { defaultPlan } from '../../../shared/portfolio/plan';
import type {
  AddPortfolioProperty,
  OwnedDeal,
  Portfolio,
  PortfolioActuals,
  PortfolioLoan,
  PortfolioPlan,
  PortfolioProperty,
  PortfolioPropertyDetail,
  RangedEstimate,
  UpdatePortfolioProperty,
} from '../../../shared/schemas/portfolio';
import { estimateRange, RANGE_ROUND_TO } from '../../../shared/valuation/ranges';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../http/errors';
import { checkId } from '../../http/ids';
import { createSubjectEstimator, findHome, type EstimateSubject, type SubjectEstimate, type SubjectEstimator } from '../listings';
import { createPipelineRepository } from '../pipeline';
import { findProperty, type Calibrations } from '../properties';
import { readActualsCsv, readPropertiesCsv, refuse } from './portfolio-csv';
import { createPortfolioRepository, type NewOwned, type OwnedRow, type SnapshotRow } from './repository';

export const PORTFOLIO_MESSAGES = {
  notFound: 'This property is not in your portfolio',
  dealNotFound: 'This deal is not in your pipeline',
  dealNotOwned: 'Only a deal in the Owned stage can join the portfolio: move it to Owned first',
  dealAdded: 'This deal is already in your portfolio',
  addressNeeded: 'Give the address, city, state and ZIP, or choose an owned deal from your pipeline',
  unknownZip: (zip: string) => `Dealmap does not know the ZIP ${zip}: check it`,
  limit: `Your portfolio already holds ${PORTFOLIO_LIMITS.maxProperties} properties, the most it can`,
  importLimit: (rows: number) =>
    `These ${rows} properties would take your portfolio past ${PORTFOLIO_LIMITS.maxProperties}, the most it can hold: nothing was imported`,
  futureDate: (field: string) => `${field} cannot be in the future`,
  earlyDate: (field: string) => `${field} must be in ${PORTFOLIO_LIMITS.earliestDate.slice(0, 4)} or later`,
  badMonth: 'The month must be written YYYY-MM, e.g. 2026-03',
  futureMonth: (month: string) => `${monthName(month)} has not begun yet: enter actuals for this month or earlier`,
  beforePurchase: (purchase: string) =>
    `Actuals start the month after the purchase (${monthName(purchase)}), when the projection does: enter ${monthName(
      monthFromNumber(monthNumber(purchase) + 1),
    )} or later`,
  tooManyVacantDays: (month: string) => `${monthName(month)} has only ${daysInMonth(month)} days`,
  monthsBeforePurchase: (first: string) =>
    `Actuals were entered from ${monthName(first)}, not after that purchase date: delete those months first or choose an earlier date`,
} as const;

/** Today's month (UTC), which the figures run to. */
export const currentMonth = () => new Date().toISOString().slice(0, 7);

/** Tomorrow in UTC: the latest day that is "today" somewhere (what a form in a time zone ahead of UTC sends). */
const latestToday = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** How long this month's snapshot of the estimates stands before it is measured again. */
const SNAPSHOT_HOURS = 24;

function checkDay(field: string, day: string): string | null {
  if (day < PORTFOLIO_LIMITS.earliestDate) return PORTFOLIO_MESSAGES.earlyDate(field);
  if (day > latestToday()) return PORTFOLIO_MESSAGES.futureDate(field);
  return null;
}

/** The purchase's and the loan's dates (the schema checked their form). */
function checkDates(purchaseDate: string | undefined, loan: PortfolioLoan | null | undefined): void {
  const fields: Record<string, string> = {};
  const purchase = purchaseDate ? checkDay('The purchase date', purchaseDate) : null;
  if (purchase) fields.purchaseDate = purchase;
  if (loan && loan.startDate < PORTFOLIO_LIMITS.earliestDate)
    fields['loan.startDate'] = PORTFOLIO_MESSAGES.earlyDate('The loan start');
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
}

/** A month's actuals against the purchase and the calendar. */
export function monthProblem(month: string, purchaseDate: string, actuals: Pick<PortfolioActuals, 'vacantDays'>): string | null {
  if (!isMonth(month)) return PORTFOLIO_MESSAGES.badMonth;
  if (month > monthOf(latestToday())) return PORTFOLIO_MESSAGES.futureMonth(month);
  if (month <= monthOf(purchaseDate)) return PORTFOLIO_MESSAGES.beforePurchase(monthOf(purchaseDate));
  if (actuals.vacantDays > daysInMonth(month)) return PORTFOLIO_MESSAGES.tooManyVacantDays(month);
  return null;
}

/**
 * The plan after a corrected price or loan: each figure still Dealmap's default for the old purchase
 * (the cash in, the expenses that follow the price) becomes the default for the new one; the
 * investor's own figures stay.
 */
function replanned(row: OwnedRow, price: number | undefined, loan: PortfolioLoan | null | undefined): PortfolioPlan {
  const before = defaultPlan(row.purchase_price, row.loan, row.plan.monthlyRent);
  const after = defaultPlan(price ?? row.purchase_price, loan === undefined ? row.loan : loan, row.plan.monthlyRent);
  const keys = Object.keys(row.plan) as Array<keyof PortfolioPlan>;
  return Object.fromEntries(
    keys.map((key) => [key, row.plan[key] === before[key] ? after[key] : row.plan[key]]),
  ) as PortfolioPlan;
}

/** What Dealmap knows of a home: where it is and what it has (its listing's id while listed). */
type HomeFacts = Omit<EstimateSubject, 'latitude' | 'longitude'> & {
  latitude: number | null;
  longitude: number | null;
  propertyId: string | null;
};

export interface PortfolioServiceOptions {
  /** The market's measured accuracy, which widens the estimates' ranges (docs/accuracy.md). */
  calibrations?: Calibrations;
}

/** A user's portfolio: theirs alone — another user's property is not found for anyone else. */
export function createPortfolioService(db: Db, options: PortfolioServiceOptions = {}) {
  const repo = createPortfolioRepository(db);
  const pipeline = createPipelineRepository(db);

  /** An estimate with its range: the market's backtest where it has one, else the comps' spread. */
  async function ranged(kind: 'value' | 'rent', estimate: SubjectEstimate | null, city: string, state: string) {
    if (!estimate) return null;
    const calibration = options.calibrations ? (await options.calibrations(city, state))[kind] : null;
    const comps = { low: estimate.compsLow, high: estimate.compsHigh };
    const range = estimateRange(estimate.value, comps, calibration, RANGE_ROUND_TO[kind]);
    if (range) return { value: estimate.value, low: range.low, high: range.high };
    // No backtest of the market yet: the comps' own spread, rounded outwards as a range is.
    const step = RANGE_ROUND_TO[kind];
    return {
      value: estimate.value,
      low: Math.floor(Math.min(estimate.value, comps.low ?? estimate.value) / step) * step,
      high: Math.ceil(Math.max(estimate.value, comps.high ?? estimate.value) / step) * step,
    };
  }

  /** Today's estimates of each property: this month's snapshot while it is fresh, else measured again and kept. */
  async function estimatesOf(rows: readonly OwnedRow[], snapshots: readonly SnapshotRow[], month: string) {
    const estimator = createSubjectEstimator(db);
    const fresh = new Map(
      snapshots
        .filter((s) => s.month === month && Date.now() - s.recorded_at.getTime() < SNAPSHOT_HOURS * 3_600_000)
        .map((s) => [s.portfolio_property_id, s]),
    );
    const result = new Map<string, { value: RangedEstimate | null; rent: RangedEstimate | null }>();
    for (const row of rows) {
      const kept = fresh.get(row.id);
      if (kept) {
        result.set(row.id, {
          value: kept.value === null ? null : { value: kept.value, low: kept.value_low!, high: kept.value_high! },
          rent: kept.rent === null ? null : { value: kept.rent, low: kept.rent_low!, high: kept.rent_high! },
        });
        continue;
      }
      const measured =
        row.latitude === null || row.longitude === null
          ? { value: null, rent: null }
          : await estimator({ ...row, latitude: row.latitude, longitude: row.longitude });
      const value = await ranged('value', measured.value, row.city, row.state);
      const rent = await ranged('rent', measured.rent, row.city, row.state);
      await repo.saveSnapshot({
        portfolio_property_id: row.id,
        month,
        value: value?.value ?? null,
        value_low: value?.low ?? null,
        value_high: value?.high ?? null,
        rent: rent?.value ?? null,
        rent_low: rent?.low ?? null,
        rent_high: rent?.high ?? null,
      });
      result.set(row.id, { value, rent });
    }
    return result;
  }

  /** The properties' figures, months and histories, and the whole portfolio's. */
  async function measure(rows: readonly OwnedRow[]) {
    const month = currentMonth();
    const ids = rows.map((r) => r.id);
    const months = await repo.months(ids);
    const snapshots = await repo.snapshots(ids);
    const estimates = await estimatesOf(rows, snapshots, month);
    const properties = rows.map((row) => {
      const kept = new Map(
        snapshots.filter((s) => s.portfolio_property_id === row.id && s.value !== null).map((s) => [s.month, s.value!]),
      );
      const owned: OwnedProperty = {
        purchasePrice: row.purchase_price,
        purchaseDate: row.purchase_date,
        loan: row.loan,
        plan: row.plan,
        months: months.get(row.id) ?? [],
        snapshots: kept,
        ...estimates.get(row.id)!,
      };
      return { row, owned, timeline: propertyTimeline(owned, month) };
    });
    return { month, properties };
  }

  const toProperty = (row: OwnedRow, figures: PortfolioProperty['figures']): PortfolioProperty => ({
    _id: row.id,
    dealId: row.deal_id,
    propertyId: row.property_id,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    latitude: row.latitude,
    longitude: row.longitude,
    beds: row.beds,
    baths: row.baths,
    area: row.area,
    purchasePrice: row.purchase_price,
    purchaseDate: row.purchase_date,
    loan: row.loan,
    plan: row.plan,
    figures,
    addedAt: row.created_at.toISOString(),
  });

  async function owned(userId: string, rawId: string): Promise<OwnedRow> {
    const row = await repo.find(userId, checkId('property', rawId));
    if (!row) throw notFound(PORTFOLIO_MESSAGES.notFound);
    return row;
  }

  async function detailOf(row: OwnedRow): Promise<PortfolioPropertyDetail> {
    const { properties } = await measure([row]);
    const { owned: o, timeline } = properties[0];
    return { ...toProperty(row, timeline.figures), months: [...o.months], history: timeline.history };
  }

  /**
   * Where a home is and what it has: its listing, else a sale or lease at the address, else its ZIP's
   * centre (null: an unknown ZIP).
   */
  async function factsAt(address: string, city: string, state: string, zip: string): Promise<HomeFacts | null> {
    const home = await findHome(db, address, zip);
    if (home) return { ...home, city, state };
    const place = lookup(zip);
    if (!place) return null;
    return {
      latitude: place.latitude,
      longitude: place.longitude,
      beds: null,
      baths: null,
      area: null,
      zip,
      city,
      state,
      propertyId: null,
    };
  }

  /** A new property's row: the projection at purchase from the rent estimate and the defaults, with the investor's own figures over them. */
  async function newRow(
    userId: string,
    facts: HomeFacts & { address: string; dealId: string | null },
    purchase: { purchasePrice: number; purchaseDate: string; loan: PortfolioLoan | null; plan?: Partial<PortfolioPlan> },
    listedRent: number | null,
    estimate: SubjectEstimator = createSubjectEstimator(db),
  ): Promise<NewOwned> {
    let rent = purchase.plan?.monthlyRent ?? listedRent;
    if (rent === null && facts.latitude !== null && facts.longitude !== null) {
      rent = (await estimate({ ...facts, latitude: facts.latitude, longitude: facts.longitude })).rent?.value ?? null;
    }
    return {
      user_id: userId,
      deal_id: facts.dealId,
      property_id: facts.propertyId,
      address: facts.address,
      city: facts.city,
      state: facts.state.toUpperCase(),
      zip: facts.zip ?? '',
      latitude: facts.latitude,
      longitude: facts.longitude,
      beds: facts.beds,
      baths: facts.baths,
      area: facts.area,
      purchase_price: purchase.purchasePrice,
      purchase_date: purchase.purchaseDate,
      loan: purchase.loan,
      plan: { ...defaultPlan(purchase.purchasePrice, purchase.loan, rent), ...purchase.plan },
    };
  }

  async function insertOne(userId: string, row: NewOwned): Promise<PortfolioPropertyDetail> {
    let ids: string[] | 'limit';
    try {
      ids = await repo.insert(userId, [row], PORTFOLIO_LIMITS.maxProperties);
    } catch (error) {
      // The same deal added twice at once: the second meets the unique deal id.
      if (isUniqueViolation(error)) throw conflict(PORTFOLIO_MESSAGES.dealAdded);
      throw error;
    }
    if (ids === 'limit') throw conflict(PORTFOLIO_MESSAGES.limit);
    return detailOf(await owned(userId, ids[0]));
  }

  return {
    async portfolio(userId: string): Promise<Portfolio> {
      const rows = await repo.list(userId);
      const { month, properties } = await measure(rows);
      const totals = portfolioTotals(properties.map((p) => ({ address: p.row.address, timeline: p.timeline })));
      const added = await repo.dealIds(userId);
      const ownedDeals: OwnedDeal[] = (await pipeline.list(userId))
        .filter((d) => d.stage === 'owned' && !added.has(d._id))
        .map((d) => ({
          dealId: d._id,
          address: d.address,
          city: d.city,
          state: d.state,
          zip: d.zip,
          offerPrice: d.offerPrice,
          listPrice: d.listPrice,
          ownedSince: d.stageSince,
        }));
      return {
        asOf: month,
        properties: properties.map((p) => toProperty(p.row, p.timeline.figures)),
        totals: totals.figures,
        history: totals.history,
        ownedDeals,
      };
    },

    detail: async (userId: string, rawId: string) => detailOf(await owned(userId, rawId)),

    /** Adds an owned deal from the pipeline, or a home by its address. */
    async add(userId: string, body: AddPortfolioProperty): Promise<PortfolioPropertyDetail> {
      checkDates(body.purchaseDate, body.loan);
      const purchase = {
        purchasePrice: body.purchasePrice,
        purchaseDate: body.purchaseDate,
        loan: body.loan ?? null,
        plan: body.plan,
      };
      const given = { beds: body.beds, baths: body.baths, area: body.area };
      const over = (facts: HomeFacts): HomeFacts => ({
        ...facts,
        ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)),
      });
      if (body.dealId !== undefined) {
        const deal = await pipeline.find(userId, checkId('deal', body.dealId));
        if (!deal) throw notFound(PORTFOLIO_MESSAGES.dealNotFound);
        if (deal.stage !== 'owned') throw conflict(PORTFOLIO_MESSAGES.dealNotOwned);
        if ((await repo.dealIds(userId)).has(deal._id)) throw conflict(PORTFOLIO_MESSAGES.dealAdded);
        const listing = deal.propertyId ? await findProperty(db, deal.propertyId) : null;
        const facts: HomeFacts = listing
          ? {
              latitude: listing.location.coordinates[1],
              longitude: listing.location.coordinates[0],
              beds: listing.BedroomsTotal,
              baths: listing.BathroomsTotal || null,
              area: listing.BuildingAreaTotal,
              zip: deal.zip,
              city: deal.city,
              state: deal.state,
              propertyId: listing._id,
            }
          : ((await findHome(db, deal.address, deal.zip)) ?? {
              latitude: deal.latitude,
              longitude: deal.longitude,
              beds: null,
              baths: null,
              area: null,
              zip: deal.zip,
              city: deal.city,
              state: deal.state,
              propertyId: null,
            });
        const listedRent = listing ? (listing.rentEstimate?.monthlyRent ?? listing.monthlyRent) : null;
        return insertOne(
          userId,
          await newRow(userId, { ...over(facts), address: deal.address, dealId: deal._id }, purchase, listedRent),
        );
      }
      const { address, city, state, zip } = body;
      if (!address?.trim() || !city?.trim() || !state || !zip) throw badRequest(PORTFOLIO_MESSAGES.addressNeeded);
      const facts = await factsAt(address.trim(), city.trim(), state, zip);
      if (!facts) throw badRequest(PORTFOLIO_MESSAGES.unknownZip(zip), { zip: PORTFOLIO_MESSAGES.unknownZip(zip) });
      return insertOne(userId, await newRow(userId, { ...over(facts), address: address.trim(), dealId: null }, purchase, null));
    },

    async update(userId: string, rawId: string, body: UpdatePortfolioProperty): Promise<PortfolioPropertyDetail> {
      const row = await owned(userId, rawId);
      checkDates(body.purchaseDate, body.loan);
      if (body.purchaseDate !== undefined) {
        const first = (await repo.months([row.id])).get(row.id)?.[0]?.month;
        if (first && first <= monthOf(body.purchaseDate)) {
          const message = PORTFOLIO_MESSAGES.monthsBeforePurchase(first);
          throw badRequest(message, { purchaseDate: message });
        }
      }
      const change = {
        ...(body.beds !== undefined ? { beds: body.beds } : {}),
        ...(body.baths !== undefined ? { baths: body.baths } : {}),
        ...(body.area !== undefined ? { area: body.area } : {}),
        ...(body.purchasePrice !== undefined ? { purchase_price: body.purchasePrice } : {}),
        ...(body.purchaseDate !== undefined ? { purchase_date: body.purchaseDate } : {}),
        ...(body.loan !== undefined ? { loan: body.loan } : {}),
        ...(body.plan !== undefined || body.purchasePrice !== undefined || body.loan !== undefined
          ? { plan: { ...replanned(row, body.purchasePrice, body.loan), ...body.plan } }
          : {}),
      };
      if (!(await repo.update(userId, row.id, change, currentMonth()))) throw notFound(PORTFOLIO_MESSAGES.notFound);
      return detailOf(await owned(userId, row.id));
    },

    async remove(userId: string, rawId: string): Promise<void> {
      if (!(await repo.remove(userId, checkId('property', rawId)))) throw notFound(PORTFOLIO_MESSAGES.notFound);
    },

    async saveMonth(userId: string, rawId: string, month: string, actuals: PortfolioActuals): Promise<PortfolioPropertyDetail> {
      const row = await owned(userId, rawId);
      const problem = monthProblem(month, row.purchase_date, actuals);
      if (problem) throw badRequest(problem, { month: problem });
      await repo.saveMonths(row.id, [{ ...actuals, month }]);
      return detailOf(row);
    },

    async deleteMonth(userId: string, rawId: string, month: string): Promise<PortfolioPropertyDetail> {
      const row = await owned(userId, rawId);
      if (!isMonth(month)) throw badRequest(PORTFOLIO_MESSAGES.badMonth, { month: PORTFOLIO_MESSAGES.badMonth });
      // A month already without actuals is the state asked for: the same answer (a retry after a
      // lost answer, or nginx sending the DELETE again, must not read as a failure).
      await repo.deleteMonth(row.id, month);
      return detailOf(row);
    },

    /** A monthly statement's months (each replaces what was entered for it), all or none. */
    async importActuals(userId: string, rawId: string, csv: string): Promise<number> {
      const row = await owned(userId, rawId);
      const months = readActualsCsv(csv, (m) => monthProblem(m.month, row.purchase_date, m));
      await repo.saveMonths(row.id, months);
      return months.length;
    },

    /** A list of properties, all or none; each placed and given a projection as one added by address. */
    async importProperties(userId: string, csv: string): Promise<number> {
      const parsed = readPropertiesCsv(csv);
      const estimate = createSubjectEstimator(db);
      const errors: string[] = [];
      const rows: NewOwned[] = [];
      for (const p of parsed) {
        const problem =
          checkDay('The purchase date', p.purchaseDate) ??
          (p.loan && p.loan.startDate < PORTFOLIO_LIMITS.earliestDate ? PORTFOLIO_MESSAGES.earlyDate('The loan start') : null);
        if (problem) {
          errors.push(`Row ${p.row}: ${problem}`);
          continue;
        }
        const facts = await factsAt(p.address, p.city, p.state, p.zip);
        if (!facts) {
          errors.push(`Row ${p.row}: ${PORTFOLIO_MESSAGES.unknownZip(p.zip)}`);
          continue;
        }
        const plan = p.monthlyRent === null ? undefined : { monthlyRent: p.monthlyRent };
        rows.push(await newRow(userId, { ...facts, address: p.address, dealId: null }, { ...p, plan }, null, estimate));
      }
      if (errors.length) refuse(errors);
      const ids = await repo.insert(userId, rows, PORTFOLIO_LIMITS.maxProperties);
      if (ids === 'limit') throw conflict(PORTFOLIO_MESSAGES.importLimit(rows.length));
      return ids.length;
    },
  };
}
