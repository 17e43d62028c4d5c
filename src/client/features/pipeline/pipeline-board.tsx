import { Button, Tag, Typography } from 'antd';
import { useState, type DragEvent } from 'react';
import { Link } from 'react-router-dom';
import { formatCurrency } from '../../../shared/format';
import {
  PIPELINE_STAGES,
  PIPELINE_STAGE_LABELS,
  daysBetween,
  neighbourStage,
  type PipelineStageKey,
} from '../../../shared/pipeline';
import type { PipelineDeal } from '../../../shared/schemas/pipeline';
import { PIPELINE_TEXT } from './pipeline-text';

export type MoveDeal = (deal: PipelineDeal, stage: PipelineStageKey) => void;

/** The deal's address, a link to its property page while it is listed. */
export function DealAddress({ deal }: { deal: PipelineDeal }) {
  const text = `${deal.address}, ${deal.city}, ${deal.state} ${deal.zip}`;
  return deal.propertyId ? <Link to={`/app/property/${deal.propertyId}`}>{text}</Link> : <span>{text}</span>;
}

export function ListingStatusTag({ deal }: { deal: PipelineDeal }) {
  if (deal.listingStatus === 'Active') return null;
  const gone = deal.propertyId === null;
  return (
    <Tag color={gone ? 'default' : 'orange'}>{gone ? PIPELINE_TEXT.listingGone(deal.listingStatus) : deal.listingStatus}</Tag>
  );
}

function DealCard({ deal, now, onMove }: { deal: PipelineDeal; now: string; onMove: MoveDeal }) {
  const back = neighbourStage(deal.stage, -1);
  const on = neighbourStage(deal.stage, 1);
  return (
    <div className="dm-pipeline-card">
      <div className="dm-pipeline-card-address">
        <DealAddress deal={deal} />
      </div>
      <Typography.Text type="secondary" className="dm-pipeline-card-figures">
        {deal.listPrice !== null ? `List ${formatCurrency(deal.listPrice)}` : null}
        {deal.offerPrice !== null ? ` · Offer ${formatCurrency(deal.offerPrice)}` : null}
      </Typography.Text>
      <div className="dm-pipeline-card-foot">
        <Typography.Text type="secondary">
          {PIPELINE_STAGE_LABELS[deal.stage]} {PIPELINE_TEXT.inStage(daysBetween(deal.stageSince, now))}
        </Typography.Text>
        <ListingStatusTag deal={deal} />
      </div>
      <div className="dm-pipeline-card-moves">
        {back ? (
          <Button size="small" aria-label={PIPELINE_TEXT.moveBack(deal.address, back)} onClick={() => onMove(deal, back)}>
            ← {PIPELINE_STAGE_LABELS[back]}
          </Button>
        ) : null}
        {on ? (
          <Button size="small" aria-label={PIPELINE_TEXT.moveOn(deal.address, on)} onClick={() => onMove(deal, on)}>
            {PIPELINE_STAGE_LABELS[on]} →
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * One column a stage. A card moves by drag and drop, or by its buttons to the stage before or after
 * (keyboard and touch: the buttons are in the tab order, the drag is a shortcut for a mouse).
 */
export function PipelineBoard({ deals, onMove }: { deals: PipelineDeal[]; onMove: MoveDeal }) {
  const [over, setOver] = useState<PipelineStageKey | null>(null);
  const now = new Date().toISOString();
  const drop = (stage: PipelineStageKey) => (event: DragEvent) => {
    event.preventDefault();
    setOver(null);
    const deal = deals.find((d) => d._id === event.dataTransfer.getData('text/plain'));
    if (deal && deal.stage !== stage) onMove(deal, stage);
  };
  return (
    <div className="dm-pipeline-board" data-testid="pipeline-board">
      {PIPELINE_STAGES.map((stage) => {
        const cards = deals.filter((d) => d.stage === stage);
        return (
          <section
            key={stage}
            aria-labelledby={`pipeline-stage-${stage}`}
            className={over === stage ? 'dm-pipeline-column dm-pipeline-column-over' : 'dm-pipeline-column'}
            data-testid={`pipeline-column-${stage}`}
            onDragOver={(event) => {
              event.preventDefault();
              setOver(stage);
            }}
            onDragLeave={() => setOver((current) => (current === stage ? null : current))}
            onDrop={drop(stage)}
          >
            <Typography.Title level={3} id={`pipeline-stage-${stage}`} className="dm-pipeline-column-title">
              {PIPELINE_STAGE_LABELS[stage]} <span className="dm-pipeline-count">({cards.length})</span>
            </Typography.Title>
            {cards.length ? (
              <ul className="dm-pipeline-cards">
                {cards.map((deal) => (
                  <li key={deal._id} draggable onDragStart={(event) => event.dataTransfer.setData('text/plain', deal._id)}>
                    <DealCard deal={deal} now={now} onMove={onMove} />
                  </li>
                ))}
              </ul>
            ) : (
              <Typography.Text type="secondary">{PIPELINE_TEXT.emptyStage}</Typography.Text>
            )}
          </section>
        );
      })}
    </div>
  );
}
