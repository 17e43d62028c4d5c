import { formatCurrency } from '../../../shared/format';
import { PIPELINE_STAGES, PIPELINE_STAGE_LABELS, type PipelineStageKey } from '../../../shared/pipeline';

export const PIPELINE_TEXT = {
  title: 'Pipeline',
  lead: 'The properties you are working, from the first look to owning them. Move a card by dragging it, or with its arrow buttons.',
  empty: 'Nothing in your pipeline yet. Open a property and choose a stage in its "Not in pipeline" box to add it.',
  emptyStage: 'None',
  board: 'Board',
  list: 'List',
  stageLabel: 'Pipeline stage',
  notInPipeline: 'Not in pipeline',
  offerLabel: 'Offer price',
  saveOffer: 'Save offer',
  takeMaxOffer: (price: number) => `Use max offer ${formatCurrency(price)}`,
  remove: 'Remove from pipeline',
  removed: 'Removed from your pipeline',
  openPipeline: 'Open the pipeline',
  download: 'Download CSV',
  moveBack: (address: string, stage: PipelineStageKey) => `Move ${address} back to ${PIPELINE_STAGE_LABELS[stage]}`,
  moveOn: (address: string, stage: PipelineStageKey) => `Move ${address} on to ${PIPELINE_STAGE_LABELS[stage]}`,
  moved: (address: string, stage: PipelineStageKey) => `${address} moved to ${PIPELINE_STAGE_LABELS[stage]}`,
  added: (stage: PipelineStageKey) => `Added to your pipeline: ${PIPELINE_STAGE_LABELS[stage]}`,
  offerSaved: 'Offer price saved',
  inStage: (days: number) => (days === 0 ? 'since today' : days === 1 ? 'for 1 day' : `for ${days} days`),
  listingGone: (status: string) => (status === 'Sold' ? 'Sold: no longer listed' : 'No longer listed'),
} as const;

/** The stages as a select's options, in the board's order. */
export const PIPELINE_STAGE_OPTIONS = PIPELINE_STAGES.map((value) => ({ value, label: PIPELINE_STAGE_LABELS[value] }));
