import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { ViewList } from './list/view-list';
import type { ViewList as ViewListData } from './list/use-view-list';
import type { StrategyKey } from '../../../shared/investor-types';
import { DEFAULT_STRATEGY } from './list/use-view-list';
import { matchCountText } from './toolbar/search-toolbar-rules';
import { PipelineViewList } from './pipeline/pipeline-view-list';
import { ReturnsTable } from './returns/returns-table';
import type { ReturnsMap } from './returns/use-returns-map';
import type { PipelineDeal } from '../../../shared/schemas/pipeline';

/** Room the caption line takes above the rows. */
const CAPTION_PX = 32;

/** A drag of the sheet's handle past this many pixels opens or closes it. */
const SHEET_DRAG_PX = 40;

export const PANEL_TEXT = {
  listLabel: 'Properties in view',
  empty: 'No properties in view match. Move the map, zoom out or loosen the filters.',
  emptyTop: 'No properties in this area match the filters.',
  top: (shown: number, total: number | null) =>
    `The best ${shown.toLocaleString('en-US')} of ${total === null ? 'the view' : `${total.toLocaleString('en-US')} matching`} by your sort`,
  returnsLabel: 'Returns by area',
  pipelineLabel: 'Pipeline',
  showList: 'Show the list',
  hideList: 'Hide the list',
} as const;

export interface SearchPanelProps {
  list: ViewListData;
  /** The returns heat map while it is on: the panel tables its cells instead of listing properties. */
  returns?: ReturnsMap | null;
  /** The pipeline layer while it is on: the panel lists its deals in view instead of the listings. */
  pipeline?: { deals: PipelineDeal[]; loading: boolean; failed: boolean } | null;
  strategy: StrategyKey | undefined;
  selectedId: string | null;
  highlightedId: string | null;
  onHover: (id: string | null) => void;
  onChoose: (id: string) => void;
  /** Phone: a sheet over the map that can be pulled up; otherwise a panel beside it. */
  sheet: boolean;
  /** The sheet closes to let the map show a chosen property's popup. */
  sheetOpen: boolean;
  onSheetOpen: (open: boolean) => void;
}

/** The scrolling area's height, measured (the list virtualises within it). */
function useHeight<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T | null>(null);
  const [height, setHeight] = useState(400);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => setHeight(Math.max(120, Math.floor(entry.contentRect.height))));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, height];
}

/**
 * The list of what is in view beside the map (desktop) or in a bottom sheet over it (phone): the
 * rows of useViewList, the count, and in a wide view the server's best of the view; while the
 * returns heat map is on, its cells as a table instead; while the pipeline layer is on, its deals in view.
 */
export function SearchPanel({
  list,
  returns = null,
  pipeline = null,
  strategy,
  selectedId,
  highlightedId,
  onHover,
  onChoose,
  sheet,
  sheetOpen,
  onSheetOpen,
}: SearchPanelProps) {
  const [bodyRef, height] = useHeight<HTMLDivElement>();
  const drag = useRef<{ y: number; moved: boolean } | null>(null);
  const count = pipeline
    ? matchCountText(pipeline.deals.length, pipeline.deals.length)
    : list.matching !== null && list.total !== null
      ? matchCountText(list.matching, list.total)
      : list.loading
        ? 'Loading…'
        : '';
  const caption: ReactNode =
    list.mode === 'top' && list.rows.length > 0 ? (
      <span data-testid="top-caption">{PANEL_TEXT.top(list.rows.length, list.matching)}</span>
    ) : undefined;

  const onPointerDown = (e: ReactPointerEvent) => {
    drag.current = { y: e.clientY, moved: false };
  };
  const onPointerUp = (e: ReactPointerEvent) => {
    const start = drag.current;
    drag.current = null;
    if (!start) return;
    const dy = e.clientY - start.y;
    if (dy < -SHEET_DRAG_PX) onSheetOpen(true);
    else if (dy > SHEET_DRAG_PX) onSheetOpen(false);
    else onSheetOpen(!sheetOpen);
  };

  const className = sheet ? `dm-search-sheet${sheetOpen ? ' dm-search-sheet-open' : ''}` : 'dm-search-panel';
  return (
    <section className={className} aria-label={PANEL_TEXT.listLabel} data-testid="search-panel">
      {sheet ? (
        <button
          type="button"
          className="dm-search-sheet-handle"
          aria-expanded={sheetOpen}
          aria-label={`${sheetOpen ? PANEL_TEXT.hideList : PANEL_TEXT.showList}${count ? `: ${count}` : ''}`}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              onSheetOpen(!sheetOpen);
            }
          }}
        >
          <span className="dm-search-sheet-grip" aria-hidden="true" />
          <span className="dm-search-panel-count">{count}</span>
        </button>
      ) : (
        <header className="dm-search-panel-head">
          <h3 className="dm-search-panel-title">
            {returns ? PANEL_TEXT.returnsLabel : pipeline ? PANEL_TEXT.pipelineLabel : PANEL_TEXT.listLabel}
          </h3>
        </header>
      )}
      <div className="dm-search-panel-body" ref={bodyRef} hidden={sheet && !sheetOpen}>
        {returns ? (
          <ReturnsTable returns={returns} height={height} />
        ) : pipeline ? (
          <PipelineViewList
            deals={pipeline.deals}
            loading={pipeline.loading}
            failed={pipeline.failed}
            selectedId={selectedId}
            onChoose={onChoose}
            height={height}
          />
        ) : (
          <ViewList
            properties={list.rows}
            strategy={strategy ?? DEFAULT_STRATEGY}
            selectedId={selectedId}
            highlightedId={highlightedId}
            onHover={onHover}
            onChoose={onChoose}
            loading={list.loading}
            emptyText={list.mode === 'top' ? PANEL_TEXT.emptyTop : PANEL_TEXT.empty}
            label={PANEL_TEXT.listLabel}
            caption={caption}
            height={caption ? Math.max(120, height - CAPTION_PX) : height}
          />
        )}
      </div>
    </section>
  );
}
