import { Alert, Button, Segmented, Spin, Typography } from 'antd';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router-dom';
import type { PipelineStageKey } from '../../../shared/pipeline';
import type { PipelineDeal } from '../../../shared/schemas/pipeline';
import { errorMessage } from '../../api/base-query';
import { PageTitle } from '../../components/page-title';
import { PipelineBoard } from './pipeline-board';
import { PipelineList } from './pipeline-list';
import { usePipelineQuery, useUpdatePipelineDealMutation } from './pipeline-api';
import { PIPELINE_TEXT } from './pipeline-text';
import './pipeline.css';

/** The investor's pipeline: a board (one column a stage) or a list (`?view=list`). */
export function PipelinePage() {
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'list' ? 'list' : 'board';
  const pipeline = usePipelineQuery();
  const [update] = useUpdatePipelineDealMutation();

  const move = async (deal: PipelineDeal, stage: PipelineStageKey) => {
    try {
      await update({ id: deal._id, propertyId: deal.propertyId, changes: { stage } }).unwrap();
      toast.success(PIPELINE_TEXT.moved(deal.address, stage));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const onMove = (deal: PipelineDeal, stage: PipelineStageKey) => void move(deal, stage);

  return (
    <div className="dm-pipeline-page">
      <PageTitle>{PIPELINE_TEXT.title}</PageTitle>
      <Typography.Paragraph type="secondary">{PIPELINE_TEXT.lead}</Typography.Paragraph>
      <Segmented
        aria-label="View"
        value={view}
        options={[
          { label: PIPELINE_TEXT.board, value: 'board' },
          { label: PIPELINE_TEXT.list, value: 'list' },
        ]}
        onChange={(value) => setParams(value === 'list' ? { view: 'list' } : {}, { replace: true })}
      />
      {pipeline.error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="dm-form-alert"
          title={errorMessage(pipeline.error)}
          action={<Button onClick={() => void pipeline.refetch()}>Try again</Button>}
        />
      ) : pipeline.isLoading || !pipeline.data ? (
        <Spin />
      ) : pipeline.data.length === 0 ? (
        <Typography.Paragraph className="dm-pipeline-empty">{PIPELINE_TEXT.empty}</Typography.Paragraph>
      ) : view === 'list' ? (
        <PipelineList deals={pipeline.data} onMove={onMove} />
      ) : (
        <PipelineBoard deals={pipeline.data} onMove={onMove} />
      )}
    </div>
  );
}

export default PipelinePage;
