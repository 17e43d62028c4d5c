import { formatAddress } from '../../../shared/format';
import { analyzeWhatIf, whatIfProblems, type WhatIf } from '../../../shared/invest';
import type { NewSavedCalculation, SavedCalculation } from '../../../shared/investor-types';
import { badRequest, conflict, notFound } from '../../http/errors';
import { FINANCING_PRODUCT, roundResults } from '../listings';
import { createRatesRepository } from '../rates';
import { isUniqueViolation } from '../../db/errors';
import { checkId, isUuid } from '../../http/ids';
import { PROPERTY_MESSAGES } from '../properties';
import { createSavedCalculationsRepository, type SavedCalculationRow } from './repository';
import type { Db } from '../../db/database';

export const NAME_MAX_LENGTH = 120;
/** How many saved calculations one user may keep. */
export const MAX_SAVED_CALCULATIONS = 500;
/** At most this many what-if problems are also reported per input in `fields`. */
const MAX_PROBLEM_FIELDS = 20;

export const SAVED_CALCULATION_MESSAGES = {
  badId: 'Saved calculation id must be a UUID',
  notFound: 'Saved calculation not found',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters`,
  nameTaken: (name: string) => `You already have a saved calculation named "${name}"`,
  limit: `You already have ${MAX_SAVED_CALCULATIONS} saved calculations, the most one user can keep. Delete some to save new ones.`,
} as const;

function toSavedCalculation(row: SavedCalculationRow, rateNow: number | null): SavedCalculation {
  return {
    _id: row.id,
    name: row.name,
    propertyId: row.property_id,
    propertyAddress: formatAddress({
      PropertyAddressFull: row.address_full,
      PropertyAddressCity: row.city,
      PropertyAddressState: row.state,
      PropertyAddressZIP: row.zip,
    }),
    strategy: row.strategy,
    whatIf: row.what_if,
    results: row.results,
    saved: { listPrice: row.list_price, rate: row.rate, compIDs: row.comp_ids },
    // Without any 30-year rate on file the saved one is the best "now" there is.
    current: {
      listPrice: row.current_list_price,
      rate: rateNow ?? row.rate,
      compIDs: row.current_comp_ids,
    },
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The trimmed name, or 400. */
function checkName(raw: string): string {
  const name = raw.trim();
  if (!name) throw badRequest(SAVED_CALCULATION_MESSAGES.nameRequired, { name: SAVED_CALCULATION_MESSAGES.nameRequired });
  if (name.length > NAME_MAX_LENGTH)
    throw badRequest(SAVED_CALCULATION_MESSAGES.nameTooLong, { name: SAVED_CALCULATION_MESSAGES.nameTooLong });
  return name;
}

const checkCalculationId = (id: string) => checkId('saved calculation', id, SAVED_CALCULATION_MESSAGES.badId);

/**
 * 400 unless `value` is a complete, in-range WhatIf: every problem in the message; the first one
 * under `whatIf`, and each of the first few under the input it names (`whatIf.figures.arv`).
 */
export function checkWhatIf(value: unknown): WhatIf {
  const problems = whatIfProblems(value);
  if (!problems.length) return value as WhatIf;
  const fields: Record<string, string> = { whatIf: problems[0] };
  for (const problem of problems.slice(0, MAX_PROBLEM_FIELDS)) {
    const path = /\(([\w.]+)\)/.exec(problem)?.[1];
    if (path) fields[`whatIf.${path}`] ??= problem;
  }
  throw badRequest(problems.length === 1 ? problems[0] : `${problems.join('. ')}.`, fields);
}

const nameTaken = (name: string) =>
  conflict(SAVED_CALCULATION_MESSAGES.nameTaken(name), { name: SAVED_CALCULATION_MESSAGES.nameTaken(name) });

/** A user's saved what-if calculations (docs/investor-api.md); results are always recomputed here. */
export function createSavedCalculationsService(db: Db) {
  const repository = createSavedCalculationsRepository(db);
  const rateNow = () => createRatesRepository(db).latestRate(FINANCING_PRODUCT);

  return {
    async list(userId: string): Promise<SavedCalculation[]> {
      const [rows, rate] = await Promise.all([repository.list(userId), rateNow()]);
      return rows.map((row) => toSavedCalculation(row, rate));
    },

    async get(userId: string, id: string): Promise<SavedCalculation> {
      const [row, rate] = await Promise.all([repository.find(userId, checkCalculationId(id)), rateNow()]);
      if (!row) throw notFound(SAVED_CALCULATION_MESSAGES.notFound);
      return toSavedCalculation(row, rate);
    },

    async create(userId: string, body: NewSavedCalculation): Promise<SavedCalculation> {
      const name = checkName(body.name);
      if (!isUuid(body.propertyId)) {
        throw badRequest(PROPERTY_MESSAGES.badPropertyId, { propertyId: PROPERTY_MESSAGES.badPropertyId });
      }
      const whatIf = checkWhatIf(body.whatIf);
      let row: Awaited<ReturnType<typeof repository.insert>>;
      try {
        row = await repository.insert(
          {
            userId,
            propertyId: body.propertyId.toLowerCase(),
            name,
            strategy: body.strategy,
            whatIf,
            results: roundResults(analyzeWhatIf(whatIf)),
            rate: whatIf.assumptions.financing.interestRatePercent,
          },
          MAX_SAVED_CALCULATIONS,
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(name);
        throw error;
      }
      if (row === 'limit') throw conflict(SAVED_CALCULATION_MESSAGES.limit);
      if (!row) throw badRequest(PROPERTY_MESSAGES.propertyNotFound, { propertyId: PROPERTY_MESSAGES.propertyNotFound });
      return toSavedCalculation(row, await rateNow());
    },

    async rename(userId: string, id: string, rawName: string): Promise<SavedCalculation> {
      const checkedId = checkCalculationId(id);
      const name = checkName(rawName);
      let row: SavedCalculationRow | undefined;
      try {
        row = await repository.rename(userId, checkedId, name);
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(name);
        throw error;
      }
      if (!row) throw notFound(SAVED_CALCULATION_MESSAGES.notFound);
      return toSavedCalculation(row, await rateNow());
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repository.remove(userId, checkCalculationId(id)))) throw notFound(SAVED_CALCULATION_MESSAGES.notFound);
    },
  };
}
