import { MAX_PIPELINE_DEALS, PIPELINE_STAGES, PIPELINE_STAGE_LABELS, isPipelineStage } from '../../../shared/pipeline';
import type { PipelineDeal, SavePipelineDeal, UpdatePipelineDeal } from '../../../shared/schemas/pipeline';
import { badRequest, conflict, notFound } from '../../http/errors';
import { writeCsv } from '../../lib/csv';
import { checkId } from '../../http/ids';
import type { Db } from '../../db/database';
import { createPipelineRepository } from './repository';

export const PIPELINE_MESSAGES = {
  notFound: 'This property is not in your pipeline',
  propertyNotFound: 'Property not found',
  badStages: `Stages must be one or more of ${PIPELINE_STAGES.join(', ')}, separated by commas`,
  limit: `Your pipeline already holds ${MAX_PIPELINE_DEALS} properties, the most it can. Remove some you passed on to add new ones.`,
} as const;

/** A user's pipeline: theirs alone — another user's deal is not found for anyone else. */
export function createPipelineService(db: Db) {
  const repo = createPipelineRepository(db);
  return {
    list: (userId: string) => repo.list(userId),

    async get(userId: string, rawId: string): Promise<PipelineDeal> {
      const deal = await repo.find(userId, checkId('deal', rawId));
      if (!deal) throw notFound(PIPELINE_MESSAGES.notFound);
      return deal;
    },

    async forProperty(userId: string, rawPropertyId: string): Promise<PipelineDeal> {
      const deal = await repo.findByProperty(userId, checkId('property', rawPropertyId));
      if (!deal) throw notFound(PIPELINE_MESSAGES.notFound);
      return deal;
    },

    async save(userId: string, rawPropertyId: string, body: SavePipelineDeal): Promise<{ created: boolean; deal: PipelineDeal }> {
      const listing = await repo.listing(checkId('property', rawPropertyId));
      if (!listing) throw notFound(PIPELINE_MESSAGES.propertyNotFound);
      const known = await repo.findByProperty(userId, listing.id);
      if (!known && (await repo.count(userId)) >= MAX_PIPELINE_DEALS) throw conflict(PIPELINE_MESSAGES.limit);
      return repo.saveForListing(userId, listing, body);
    },

    async update(userId: string, rawId: string, body: UpdatePipelineDeal): Promise<PipelineDeal> {
      const deal = await repo.update(userId, checkId('deal', rawId), body);
      if (!deal) throw notFound(PIPELINE_MESSAGES.notFound);
      return deal;
    },

    /** The deals in `stages` (comma-separated; absent: all) as a CSV file, in the list's order. */
    async exportCsv(userId: string, stages: string | undefined): Promise<string> {
      const wanted = stages === undefined ? [...PIPELINE_STAGES] : stages.split(',').map((s) => s.trim());
      if (!wanted.every(isPipelineStage)) throw badRequest(PIPELINE_MESSAGES.badStages, { stages: PIPELINE_MESSAGES.badStages });
      const deals = (await repo.list(userId)).filter((d) => wanted.includes(d.stage));
      return writeCsv(
        ['Address', 'City', 'State', 'ZIP', 'Stage', 'In stage since', 'Offer price', 'List price', 'Listing status', 'Added'],
        deals.map((d) => [
          d.address,
          d.city,
          d.state,
          d.zip,
          PIPELINE_STAGE_LABELS[d.stage],
          d.stageSince.slice(0, 10),
          d.offerPrice,
          d.listPrice,
          d.listingStatus,
          d.addedAt.slice(0, 10),
        ]),
      );
    },

    async remove(userId: string, rawId: string): Promise<void> {
      if (!(await repo.remove(userId, checkId('deal', rawId)))) throw notFound(PIPELINE_MESSAGES.notFound);
    },
  };
}
