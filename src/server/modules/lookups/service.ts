import type { Interest, Market, Strategy } from '../../../shared/api-types';
import type { LookupsRepository } from './repository';

export function createLookupsService(repository: LookupsRepository) {
  return {
    async strategies(): Promise<Strategy[]> {
      const rows = await repository.activeStrategies();
      return rows.map(({ id, ...rest }) => ({ _id: id, ...rest }));
    },

    /** Sorted by city, as the profile's markets screen lists them. */
    async markets(): Promise<Market[]> {
      const rows = await repository.activeMarkets();
      return rows.map(({ id, ...rest }) => ({ _id: id, ...rest }));
    },

    async interests(): Promise<Interest[]> {
      const rows = await repository.activeInterests();
      return rows.map(({ id, ...rest }) => ({ _id: id, ...rest }));
    },
  };
}

export type LookupsService = ReturnType<typeof createLookupsService>;
