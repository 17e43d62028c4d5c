/** The pipeline's public surface: the property page's stage control. The Pipeline page is a lazy route of its own. */
export { PipelineControl } from './pipeline-control';
export { PIPELINE_TEXT } from './pipeline-text';
