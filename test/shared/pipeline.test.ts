import { PIPELINE_STAGES, PIPELINE_STAGE_LABELS, daysBetween, isPipelineStage, neighbourStage } from '../../src/shared/pipeline';

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
