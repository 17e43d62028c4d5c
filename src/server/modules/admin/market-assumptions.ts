import { MarketAssumptions, MarketAssumptionsRequest, MarketAssumptionsUpdated } from '../../../shared/schemas/admin';
import { Value } from '@sinclair/typebox/value';
import { AssumptionOverrides } from '../../../shared/schemas/assumptions';
import { Envelope, ErrorBody, IdParams, NoQuery } from '../../../shared/schemas/common';
import { assumptionOverridesProblems, DEFAULT_ASSUMPTIONS } from '../../../shared/invest';
import type { RoutePlugin } from '../../http/route-context';
import { badRequest, notFound } from '../../http/errors';
import { checkId } from '../../http/ids';
import { createListingsRepository, noteListingsChanged, rateRecomputerFor } from '../listings';
import { createMarketsRepository } from '../catalog';
import { writeAudit } from '../audit';
import { sameJson } from '../../../shared/same-json';

/** The rate and term come from the latest published rate (GET /rates/latest), for every market alike. */
export const RATE_NOT_PER_MARKET =
  'The interest rate and loan term come from the latest published rate; a market cannot override them';

const SECTIONS = ['financing', 'operating', 'brrrr', 'flip', 'shortTerm'] as const satisfies ReadonlyArray<
  keyof AssumptionOverrides
>;

/** Only the sections and keys that hold a value: `{operating: {}}` is stored as `{}`. */
function compact(overrides: AssumptionOverrides): AssumptionOverrides {
  const out: AssumptionOverrides = {};
  for (const section of SECTIONS) {
    const group = overrides[section];
    if (group && Object.keys(group).length) Object.assign(out, { [section]: group });
  }
  return out;
}

/**
 * GET/PUT /api/v1/admin/market/:id/assumptions: a market's overrides of the engine's defaults.
 * A change is audited and marks the market's listings for the background recomputation.
 */
export const marketAssumptionsRoutes: RoutePlugin = async (app, { ctx }) => {
  const markets = createMarketsRepository(ctx.db);
  const load = async (id: string): Promise<MarketAssumptions> => {
    const row = await markets.findAssumptions(id);
    if (!row) throw notFound('Market not found');
    return {
      market: { _id: row.id, city: row.city, state: row.state },
      assumptions: row.assumptions,
      defaults: DEFAULT_ASSUMPTIONS,
    };
  };

  app.get(
    '/market/:id/assumptions',
    { schema: { params: IdParams, querystring: NoQuery, response: { 200: Envelope(MarketAssumptions), 404: ErrorBody } } },
    async (request) => ({ data: await load(checkId('market', request.params.id)) }),
  );

  app.put(
    '/market/:id/assumptions',
    {
      schema: {
        params: IdParams,
        body: MarketAssumptionsRequest,
        querystring: NoQuery,
        response: { 200: Envelope(MarketAssumptionsUpdated), 404: ErrorBody },
      },
    },
    async (request) => {
      const id = checkId('market', request.params.id);
      const problems = assumptionOverridesProblems(request.body.assumptions);
      const financing = request.body.assumptions.financing;
      if (financing && typeof financing === 'object' && ('interestRatePercent' in financing || 'termMonths' in financing)) {
        problems.push(RATE_NOT_PER_MARKET);
      }
      const body = request.body.assumptions;
      if (problems.length || !Value.Check(AssumptionOverrides, body)) {
        throw badRequest(problems.join('. '), { assumptions: problems[0] });
      }
      const assumptions = compact(body);

      const marked = await ctx.db.transaction().execute(async (trx) => {
        const marketsHere = createMarketsRepository(trx);
        const before = await marketsHere.lockAssumptions(id);
        if (!before) throw notFound('Market not found');
        // The same assumptions again (a retry, or nginx sending the PUT again): nothing to write, audit or
        // recompute. Compared key by key: jsonb keeps its keys in an order of its own.
        if (sameJson(before.assumptions, assumptions)) return null;
        await marketsHere.setAssumptions(id, assumptions);
        await writeAudit(trx, { id: request.auth!.userId }, [
          {
            action: 'update',
            entityType: 'market',
            entityId: id,
            before: { assumptions: before.assumptions },
            after: { assumptions },
          },
        ]);
        const stale = await createListingsRepository(trx).markMarketStale(before.city, before.state);
        await noteListingsChanged(trx);
        return stale;
      });
      if (marked === null) return { data: { ...(await load(id)), listingsToRecompute: 0 } };
      rateRecomputerFor(ctx, ctx.db, ctx.cluster, app.log).kick();
      return { data: { ...(await load(id)), listingsToRecompute: marked } };
    },
  );
};
