import { pointInBounds } from '../../src/shared/geo/bounds';
import {
  PIPELINE_STAGES,
  PIPELINE_STAGE_LABELS,
  WATCHED_STAGES,
  daysBetween,
  dealsInView,
  isPipelineStage,
  neighbourStage,
} from '../../src/shared/pipeline';
import type { PipelineDeal } from '../../src/shared/schemas/pipeline';

describe('pipeline stages', () => {
  it('are the six of the board in order, each with its label', () => {
    expect(PIPELINE_STAGES.map((s) => PIPELINE_STAGE_LABELS[s])).toEqual([
      'Watching',
      'Analysing',
      'Offer made',
      'Under contract',
      'Owned',
      'Passed',
    ]);
    expect(isPipelineStage('offer-made')).toBe(true);
    expect(isPipelineStage('Offer made')).toBe(false);
    expect(isPipelineStage(3)).toBe(false);
  });

  it('name the column before and after a stage, none past the board’s edges', () => {
    expect(neighbourStage('watching', -1)).toBeNull();
    expect(neighbourStage('watching', 1)).toBe('analysing');
    expect(neighbourStage('owned', 1)).toBe('passed');
    expect(neighbourStage('passed', 1)).toBeNull();
  });

  it('count whole days in a stage, never below zero', () => {
    expect(daysBetween('2026-11-01T10:00:00Z', '2026-11-03T09:59:59Z')).toBe(1);
    expect(daysBetween('2026-11-01T10:00:00Z', '2026-11-03T10:00:00Z')).toBe(2);
    expect(daysBetween('2026-11-03T10:00:00Z', '2026-11-01T10:00:00Z')).toBe(0);
  });
});

const deal = (id: string, stage: PipelineDeal['stage'], address: string, at: [number, number] | null): PipelineDeal => ({
  _id: id,
  propertyId: id,
  address,
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  latitude: at ? at[0] : null,
  longitude: at ? at[1] : null,
  listPrice: 300000,
  listingStatus: 'Active',
  stage,
  offerPrice: null,
  stageSince: '2026-11-01T00:00:00.000Z',
  addedAt: '2026-11-01T00:00:00.000Z',
  moves: [],
});

describe("the map's pipeline layer", () => {
  const austin = { sw: { lat: 30.2, lng: -97.8 }, ne: { lat: 30.3, lng: -97.7 } };

  it('lists the placed deals in view, in stage order then by address; every deal before the map has a view', () => {
    const deals = [
      deal('a', 'owned', '9 Elm St', [30.25, -97.75]),
      deal('b', 'watching', 'B St', [30.26, -97.74]),
      deal('c', 'watching', 'A St', [30.21, -97.79]),
      deal('d', 'analysing', 'Far St', [32.7, -96.8]),
      deal('e', 'watching', 'Nowhere St', null),
    ];
    expect(dealsInView(deals, austin).map((d) => d._id)).toEqual(['c', 'b', 'a']);
    expect(dealsInView(deals, null).map((d) => d._id)).toEqual(['c', 'b', 'e', 'd', 'a']);
    // The input keeps its order.
    expect(deals.map((d) => d._id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('takes bounds edges in and wraps bounds across the antimeridian', () => {
    expect(pointInBounds({ lat: 30.2, lng: -97.8 }, austin)).toBe(true);
    expect(pointInBounds({ lat: 30.31, lng: -97.75 }, austin)).toBe(false);
    const pacific = { sw: { lat: -20, lng: 170 }, ne: { lat: 20, lng: -170 } };
    expect(pointInBounds({ lat: 0, lng: 179 }, pacific)).toBe(true);
    expect(pointInBounds({ lat: 0, lng: -175 }, pacific)).toBe(true);
    expect(pointInBounds({ lat: 0, lng: 0 }, pacific)).toBe(false);
  });

  it('watches the stages before owning', () => {
    expect(WATCHED_STAGES).toEqual(['watching', 'analysing', 'offer-made', 'under-contract']);
  });
});
