import { MAX_PIPELINE_DEALS } from '../../../shared/pipeline';
import type { PipelineDeal, SavePipelineDeal, UpdatePipelineDeal } from '../../../shared/schemas/pipeline';
import { conflict, notFound } from '../../http/errors';
import { checkId } from '../../http/ids';
import type { Db } from '../../db/database';
import { createPipelineRepository } from './repository';

export const PIPELINE_MESSAGES = {
  notFound: 'This property is not in your pipeline',
  propertyNotFound: 'Property not found',
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

    async remove(userId: string, rawId: string): Promise<void> {
      if (!(await repo.remove(userId, checkId('deal', rawId)))) throw notFound(PIPELINE_MESSAGES.notFound);
    },
  };
}
