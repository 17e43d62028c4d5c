import { Button, InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { MAX_OFFER_PRICE, type PipelineStageKey } from '../../../shared/pipeline';
import { errorMessage } from '../../api/base-query';
import { groupDigits, ungroupDigits } from '../../components/grouped-number';
import {
  usePipelineDealOfQuery,
  useRemovePipelineDealMutation,
  useSavePipelineDealMutation,
  useUpdatePipelineDealMutation,
} from './pipeline-api';
import { PIPELINE_STAGE_OPTIONS, PIPELINE_TEXT } from './pipeline-text';
import './pipeline.css';

/** "Not in pipeline" is a choice of its own (choosing it takes the property out), not a placeholder. */
const NONE = 'none';
type StageChoice = PipelineStageKey | typeof NONE;
const STAGE_OPTIONS: Array<{ value: StageChoice; label: string }> = [
  { value: NONE, label: PIPELINE_TEXT.notInPipeline },
  ...PIPELINE_STAGE_OPTIONS,
];

/**
 * The property page's pipeline: its stage (choosing one puts it in the pipeline), and once in it the
 * offer price, with the max offer of the analysis one click away. `compact` (the map's popup): the
 * stage alone.
 */
export function PipelineControl({
  propertyId,
  maxOfferPrice,
  compact = false,
}: {
  propertyId: string;
  maxOfferPrice: number | null;
  compact?: boolean;
}) {
  const deal = usePipelineDealOfQuery(propertyId);
  const [save, saving] = useSavePipelineDealMutation();
  const [update, updating] = useUpdatePipelineDealMutation();
  const [remove, removing] = useRemovePipelineDealMutation();
  const current = deal.data ?? null;
  // What is typed and not yet saved; undefined: the saved offer price shows.
  const [draft, setDraft] = useState<number | null | undefined>(undefined);
  const offer = draft !== undefined ? draft : (current?.offerPrice ?? null);

  const chooseStage = async (stage: StageChoice) => {
    try {
      if (stage === NONE) {
        if (current) await remove({ id: current._id, propertyId }).unwrap();
        toast.success(PIPELINE_TEXT.removed);
        return;
      }
      await save({ propertyId, body: { stage } }).unwrap();
      toast.success(current ? PIPELINE_TEXT.moved('This property', stage) : PIPELINE_TEXT.added(stage));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const saveOffer = async (price: number | null) => {
    if (!current) return;
    try {
      await update({ id: current._id, propertyId, changes: { offerPrice: price } }).unwrap();
      setDraft(undefined);
      toast.success(PIPELINE_TEXT.offerSaved);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Space
      wrap
      className={`dm-pipeline-control dm-print-hide${compact ? ' dm-pipeline-control-compact' : ''}`}
      data-testid="pipeline-control"
    >
      <Select<StageChoice>
        aria-label={PIPELINE_TEXT.stageLabel}
        className="dm-pipeline-stage-select"
        options={STAGE_OPTIONS}
        value={current?.stage ?? NONE}
        loading={deal.isFetching || saving.isLoading || removing.isLoading}
        disabled={deal.isLoading}
        onChange={(stage) => void chooseStage(stage)}
      />
      {current && !compact ? (
        <>
          <InputNumber
            aria-label={PIPELINE_TEXT.offerLabel}
            className="dm-pipeline-offer"
            placeholder={PIPELINE_TEXT.offerLabel}
            prefix="$"
            formatter={groupDigits}
            parser={ungroupDigits}
            min={1}
            max={MAX_OFFER_PRICE}
            precision={0}
            step={1000}
            value={offer}
            onChange={(value) => setDraft(value === null ? null : Number(value))}
            onPressEnter={() => void saveOffer(offer)}
          />
          <Button onClick={() => void saveOffer(offer)} loading={updating.isLoading} disabled={offer === current.offerPrice}>
            {PIPELINE_TEXT.saveOffer}
          </Button>
          {maxOfferPrice !== null ? (
            <Button onClick={() => void saveOffer(Math.round(maxOfferPrice))} disabled={updating.isLoading}>
              {PIPELINE_TEXT.takeMaxOffer(Math.round(maxOfferPrice))}
            </Button>
          ) : null}
          <Link to="/app/pipeline">{PIPELINE_TEXT.openPipeline}</Link>
        </>
      ) : null}
    </Space>
  );
}
