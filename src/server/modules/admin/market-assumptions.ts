import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assumptionOverridesProblems, DEFAULT_ASSUMPTIONS, type AssumptionOverrides } from '../../../shared/invest';
import type { RouteOptions } from '../../context';
import { badRequest, notFound } from '../../http/errors';
import { markMarketStale } from '../listings/repository';
import { rateRecomputerFor } from '../rates/recomputer';
import { writeAudit } from './audit';
import { checkId } from './common';
import { IdParams, NoQuery } from './schemas';

/** The rate and term come from the latest published rate (GET /rates/latest), for every market alike. */
export const RATE_NOT_PER_MARKET =
  'The interest rate and loan term come from the latest published rate; a market cannot override them';

export interface MarketAssumptions {
  market: { _id: string; city: string; state: string };
  assumptions: AssumptionOverrides;
  defaults: typeof DEFAULT_ASSUMPTIONS;
}

const AssumptionsBody = Type.Object({ assumptions: Type.Record(Type.String(), Type.Unknown()) }, { additionalProperties: false });

/** Only the sections and keys that hold a value: `{operating: {}}` is stored as `{}`. */
function compact(overrides: AssumptionOverrides): AssumptionOverrides {
  const out: Record<string, object> = {};
  for (const [section, group] of Object.entries(overrides)) if (group && Object.keys(group).length) out[section] = group;
  return out as AssumptionOverrides;
}

/**
 * GET/PUT /api/v1/admin/market/:id/assumptions: a market's overrides of the engine's defaults.
 * A change is audited and marks the market's listings for the background recomputation.
 */
export async function marketAssumptionsRoutes(app: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const load = async (id: string): Promise<MarketAssumptions> => {
    const row = await ctx.db
      .selectFrom('markets')
      .select(['id', 'city', 'state', 'assumptions'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('Market not found');
    return {
      market: { _id: row.id, city: row.city, state: row.state },
      assumptions: row.assumptions as AssumptionOverrides,
      defaults: DEFAULT_ASSUMPTIONS,
    };
  };

  app.get<{ Params: { id: string } }>(
    '/market/:id/assumptions',
    { schema: { params: IdParams, querystring: NoQuery } },
    async (request) => ({
      data: await load(checkId('market', request.params.id)),
    }),
  );

  app.put<{ Params: { id: string }; Body: { assumptions: Record<string, unknown> } }>(
    '/market/:id/assumptions',
    { schema: { params: IdParams, body: AssumptionsBody, querystring: NoQuery } },
    async (request: FastifyRequest<{ Params: { id: string }; Body: { assumptions: Record<string, unknown> } }>) => {
      const id = checkId('market', request.params.id);
      const problems = assumptionOverridesProblems(request.body.assumptions);
      const financing = request.body.assumptions.financing as Record<string, unknown> | undefined;
      if (financing && ('interestRatePercent' in financing || 'termMonths' in financing)) problems.push(RATE_NOT_PER_MARKET);
      if (problems.length) throw badRequest(problems.join('. '), { assumptions: problems[0] });
      const assumptions = compact(request.body.assumptions as AssumptionOverrides);

      const marked = await ctx.db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('markets')
          .select(['city', 'state', 'assumptions'])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw notFound('Market not found');
        await trx
          .updateTable('markets')
          .set({ assumptions: sql`cast(${JSON.stringify(assumptions)} as jsonb)`, updated_at: sql`now()` })
          .where('id', '=', id)
          .execute();
        await writeAudit(trx, { id: request.auth!.userId }, [
          {
            action: 'update',
            entityType: 'market',
            entityId: id,
            before: { assumptions: before.assumptions as object },
            after: { assumptions },
          },
        ]);
        return markMarketStale(trx, before.city, before.state);
      });
      rateRecomputerFor(ctx, ctx.db, app.log).kick();
      return { data: { ...(await load(id)), listingsToRecompute: marked } };
    },
  );
}
