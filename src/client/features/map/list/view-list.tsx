import VirtualList, { type ListRef } from '@rc-component/virtual-list';
import { Spin } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { dealStatusFromMarker } from '../../../../shared/deal-status';
import { formatAddress, formatBaths, formatCashOnCash, formatCurrency, formatInteger } from '../../../../shared/format';
import type { StrategyKey } from '../../../../shared/investor-types';
import { hasRecentCut, listingAgeText } from '../../../../shared/listing-history';
import { keepFiguresWhole } from '../../../../shared/valuation/accuracy-text';
import { listGapShort } from '../../../../shared/valuation/value-estimate';
import { DealLabel, STRATEGY_TABS } from '../../deal';
import type { MapProperty } from '../map-types';
import './view-list.css';

/** Every row is this tall, so the list can place thousands of them without measuring any. */
export const ROW_HEIGHT = 92;

const strategyName = (key: StrategyKey) => STRATEGY_TABS.find((t) => t.key === key)?.strategyName ?? key;

export interface ViewListProps {
  /** Filtered and sorted, in display order. */
  properties: MapProperty[];
  /** The strategy whose cash-on-cash each row shows (Buy & Hold when none is chosen). */
  strategy: StrategyKey;
  selectedId: string | null;
  /** The row under the pointer (its marker stands out on the map). */
  highlightedId: string | null;
  onHover: (id: string | null) => void;
  onChoose: (id: string) => void;
  loading: boolean;
  emptyText: string;
  /** The list's accessible name. */
  label: string;
  caption?: ReactNode;
  /** The scrolling area's height in pixels. */
  height: number;
}

function Row({
  p,
  strategy,
  selected,
  highlighted,
  onHover,
  onChoose,
}: {
  p: MapProperty;
  strategy: StrategyKey;
  selected: boolean;
  highlighted: boolean;
  onHover: (id: string | null) => void;
  onChoose: (id: string) => void;
}) {
  const address = formatAddress(p);
  const area = p.BuildingAreaTotal;
  const perSqft = area ? formatCurrency(p.LatestListingPrice / area) : '—';
  const figure = p.cashOnCash[strategy];
  const coc = figure ? formatCashOnCash(figure.cashOnCashRoi, figure.cashOnCashInfinite) : 'n/a';
  const facts = [
    p.BedroomsTotal !== null ? `${p.BedroomsTotal} bd` : null,
    p.BathroomsTotal !== null ? `${formatBaths(p.BathroomsTotal)} ba` : null,
    area ? `${formatInteger(area)} sqft` : null,
  ].filter((fact): fact is string => fact !== null);
  const age = listingAgeText(p);
  const gap = listGapShort(p.ValueGapPercent);
  return (
    <div
      role="listitem"
      className={`dm-vlist-row${selected ? ' dm-vlist-row-selected' : ''}${highlighted ? ' dm-vlist-row-highlighted' : ''}`}
      data-testid="property-row"
      data-id={p._id}
      style={{ height: ROW_HEIGHT }}
    >
      <button
        type="button"
        className="dm-vlist-choose"
        aria-current={selected ? 'true' : undefined}
        onClick={() => onChoose(p._id)}
        onMouseEnter={() => onHover(p._id)}
        onMouseLeave={() => onHover(null)}
        onFocus={() => onHover(p._id)}
        onBlur={() => onHover(null)}
      >
        <span className="dm-vlist-line">
          <span className="dm-vlist-price">{formatCurrency(p.LatestListingPrice)}</span>
          <span className="dm-vlist-coc" title={`${strategyName(strategy)} cash-on-cash`} data-testid="row-coc">
            {strategyName(strategy)} CoC {coc}
          </span>
          <DealLabel status={dealStatusFromMarker(p.markerColor?.background)} />
        </span>
        <span className="dm-vlist-address" data-testid="row-address">
          {address}
        </span>
        <span className="dm-vlist-line">
          <span className="dm-vlist-facts">{[...facts, `${perSqft}/sqft`].join(' · ')}</span>
          {gap ? (
            <span
              className={`dm-vlist-gap${p.ValueGapPercent !== null && p.ValueGapPercent <= -0.5 ? ' dm-vlist-gap-below' : ''}`}
              title={`List price ${gap.replace(' est.', ' its estimated value')}`}
              data-testid="row-value-gap"
            >
              {keepFiguresWhole(gap)}
            </span>
          ) : null}
          {age ? (
            <span className={`dm-vlist-age${hasRecentCut(p) ? ' dm-vlist-age-cut' : ''}`} data-testid="row-age">
              {age}
            </span>
          ) : null}
        </span>
      </button>
    </div>
  );
}

/**
 * The properties beside the map, virtualised: only the rows in sight (plus a few) are in the
 * document, so thousands scroll smoothly. Choosing a row opens its popup; a chosen marker's row
 * scrolls into view.
 */
export function ViewList({
  properties,
  strategy,
  selectedId,
  highlightedId,
  onHover,
  onChoose,
  loading,
  emptyText,
  label,
  caption,
  height,
}: ViewListProps) {
  const listRef = useRef<ListRef>(null);
  useEffect(() => {
    if (selectedId && properties.some((p) => p._id === selectedId)) listRef.current?.scrollTo({ key: selectedId, align: 'auto' });
  }, [selectedId, properties]);

  if (loading && properties.length === 0) {
    return (
      <div className="dm-vlist-status" role="status">
        <Spin size="small" /> <span>Loading properties…</span>
      </div>
    );
  }
  return (
    <div className="dm-vlist">
      {caption ? <p className="dm-vlist-caption">{caption}</p> : null}
      {properties.length === 0 ? (
        <p className="dm-vlist-empty">{emptyText}</p>
      ) : (
        <VirtualList<MapProperty>
          ref={listRef}
          data={properties}
          height={height}
          itemHeight={ROW_HEIGHT}
          itemKey="_id"
          role="list"
          aria-label={label}
          className="dm-vlist-scroll"
        >
          {(p) => (
            <Row
              p={p}
              strategy={strategy}
              selected={p._id === selectedId}
              highlighted={p._id === highlightedId}
              onHover={onHover}
              onChoose={onChoose}
            />
          )}
        </VirtualList>
      )}
    </div>
  );
}
