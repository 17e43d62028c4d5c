import { Spin } from 'antd';
import { Link } from 'react-router-dom';
import { formatCurrency } from '../../../../shared/format';
import type { PipelineDeal } from '../../../../shared/schemas/pipeline';
import { PIPELINE_TEXT, StageBadge } from '../../pipeline';
import { MAP_TEXT } from '../map-constants';

/**
 * The pipeline layer's list beside the map: the deals in view with their stage, price and status
 * (when not Active); choosing one Dealmap still holds opens its popup.
 */
export function PipelineViewList({
  deals,
  loading,
  failed,
  selectedId,
  onChoose,
  height,
}: {
  deals: PipelineDeal[];
  loading: boolean;
  failed: boolean;
  selectedId: string | null;
  onChoose: (propertyId: string) => void;
  height: number;
}) {
  if (loading) {
    return (
      <div className="dm-vlist-status" role="status">
        <Spin size="small" /> <span>{MAP_TEXT.pipelineLoading}</span>
      </div>
    );
  }
  if (failed) {
    return (
      <p className="dm-vlist-empty" role="alert">
        {MAP_TEXT.pipelineFailed}
      </p>
    );
  }
  if (deals.length === 0) {
    return (
      <div className="dm-vlist-empty">
        <p>{MAP_TEXT.pipelineEmpty}</p>
        <Link to="/app/pipeline">{PIPELINE_TEXT.openPipeline}</Link>
      </div>
    );
  }
  return (
    <ul
      className="dm-pipeline-view-list"
      aria-label={MAP_TEXT.pipelineList}
      style={{ maxHeight: height }}
      data-testid="pipeline-view-list"
    >
      {deals.map((deal) => {
        const facts = (
          <>
            <span className="dm-pipeline-view-address">{deal.address}</span>
            <span className="dm-pipeline-view-facts">
              <StageBadge stage={deal.stage} />
              {deal.listPrice !== null ? <span>{formatCurrency(deal.listPrice)}</span> : null}
              {deal.listingStatus !== 'Active' ? <span>{deal.listingStatus}</span> : null}
            </span>
          </>
        );
        const propertyId = deal.propertyId;
        return (
          <li key={deal._id}>
            {propertyId !== null ? (
              <button
                type="button"
                className={`dm-pipeline-view-row${propertyId === selectedId ? ' dm-pipeline-view-selected' : ''}`}
                aria-current={propertyId === selectedId ? 'true' : undefined}
                onClick={() => onChoose(propertyId)}
              >
                {facts}
              </button>
            ) : (
              <div className="dm-pipeline-view-row">{facts}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
