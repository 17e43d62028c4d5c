/**
 * The pipeline's public surface: the property's stage control, the stage badge and the deals' query
 * (the map's pipeline layer). The Pipeline page is a lazy route of its own.
 */
export { PipelineControl } from './pipeline-control';
export { PIPELINE_TEXT } from './pipeline-text';
export { StageBadge } from './stage-badge';
export { usePipelineQuery } from './pipeline-api';
