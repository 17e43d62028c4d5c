import { PIPELINE_STAGE_LABELS, type PipelineStageKey } from '../../../shared/pipeline';
import './stage-badge.css';

/** A deal's stage as a small badge: its name in words on a colour of its own (the words carry it, not the hue). */
export function StageBadge({ stage }: { stage: PipelineStageKey }) {
  return <span className={`dm-stage-badge dm-stage-${stage}`}>{PIPELINE_STAGE_LABELS[stage]}</span>;
}
