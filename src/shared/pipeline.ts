import { pointInBounds, type MapBounds } from './geo/bounds';

/**
 * The stages of an investor's pipeline (issue 40), in the order a deal moves through them; `passed` is
 * where a deal the investor dropped goes, from any stage.
 */
export const PIPELINE_STAGES = ['watching', 'analysing', 'offer-made', 'under-contract', 'owned', 'passed'] as const;
export type PipelineStageKey = (typeof PIPELINE_STAGES)[number];

export const PIPELINE_STAGE_LABELS: Record<PipelineStageKey, string> = {
  watching: 'Watching',
  analysing: 'Analysing',
  'offer-made': 'Offer made',
  'under-contract': 'Under contract',
  owned: 'Owned',
  passed: 'Passed',
};

/** The highest offer price one may record (the search's price filters stop there too). */
export const MAX_OFFER_PRICE = 1_000_000_000;

/** How many deals one user's pipeline may hold. */
export const MAX_PIPELINE_DEALS = 2_000;

/**
 * The stages whose deals are watched: their listing's price cuts, status changes and new sold comps
 * reach the investor's bell (an owned or passed deal's do not).
 */
export const WATCHED_STAGES: readonly PipelineStageKey[] = ['watching', 'analysing', 'offer-made', 'under-contract'];

/** What a watched deal's listing did. */
export const WATCH_REASONS = ['price_cut', 'status_change', 'new_comp'] as const;
export type WatchReason = (typeof WATCH_REASONS)[number];

export const isPipelineStage = (value: unknown): value is PipelineStageKey =>
  typeof value === 'string' && (PIPELINE_STAGES as readonly string[]).includes(value);

/** The stage before (−1) or after (+1) `stage` on the board, or null at its edge. */
export function neighbourStage(stage: PipelineStageKey, step: -1 | 1): PipelineStageKey | null {
  return PIPELINE_STAGES[PIPELINE_STAGES.indexOf(stage) + step] ?? null;
}

/** Whole days from `from` to `to` (ISO instants), never below 0: how long a deal has been in its stage. */
export function daysBetween(from: string, to: string): number {
  return Math.max(0, Math.floor((Date.parse(to) - Date.parse(from)) / 86_400_000));
}

/** What the map's pipeline layer reads of a deal (a PipelineDeal; the schema imports this file). */
interface PlacedDeal {
  address: string;
  latitude: number | null;
  longitude: number | null;
  stage: PipelineStageKey;
}

/**
 * The deals the map's pipeline layer lists: those placed in view (every deal before the map has a
 * view), in the board's stage order, then by address.
 */
export function dealsInView<D extends PlacedDeal>(deals: readonly D[], bounds: MapBounds | null): D[] {
  const inView = deals.filter(
    (deal) =>
      !bounds ||
      (deal.latitude !== null && deal.longitude !== null && pointInBounds({ lat: deal.latitude, lng: deal.longitude }, bounds)),
  );
  return inView.sort(
    (a, b) => PIPELINE_STAGES.indexOf(a.stage) - PIPELINE_STAGES.indexOf(b.stage) || a.address.localeCompare(b.address),
  );
}
