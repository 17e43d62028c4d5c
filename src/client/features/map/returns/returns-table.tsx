import { useMemo } from 'react';
import {
  RETURNS_BINS,
  returnsBin,
  returnsCellCentre,
  returnsLegendTitle,
  returnsRangeText,
  returnText,
  sortReturnsCells,
} from '../../../../shared/returns-map';
import { RETURNS_TEXT, returnsStatus } from './returns-legend';
import type { ReturnsMap } from './use-returns-map';

/**
 * The heat map's cells as a table in the list panel (best median first): the same figures as the
 * map's colours and tooltips, for screen readers and the keyboard. The scroll area takes focus.
 */
export function ReturnsTable({ returns, height }: { returns: ReturnsMap; height: number }) {
  const rows = useMemo(() => sortReturnsCells(returns.cells ?? []), [returns.cells]);
  const status = returnsStatus(returns);
  return (
    <div
      className="dm-returns-table-wrap"
      style={{ maxHeight: height }}
      tabIndex={0}
      role="region"
      aria-label={RETURNS_TEXT.tableLabel}
      data-testid="returns-table"
    >
      {status ? (
        <p className="dm-vlist-empty" role="status">
          {status}
        </p>
      ) : null}
      {rows.length ? (
        <table className="dm-returns-table">
          <caption>{returnsLegendTitle(returns.strategy)}</caption>
          <thead>
            <tr>
              <th scope="col">{RETURNS_TEXT.place}</th>
              <th scope="col">{RETURNS_TEXT.median}</th>
              <th scope="col">{RETURNS_TEXT.count}</th>
              <th scope="col">{RETURNS_TEXT.range}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((cell) => {
              const bin = RETURNS_BINS[returnsBin(cell.median)];
              return (
                <tr key={cell.key} data-key={cell.key}>
                  <th scope="row">
                    {cell.place ? (
                      <>
                        {cell.place}
                        <span className="dm-returns-centre">{returnsCellCentre(cell)}</span>
                      </>
                    ) : (
                      returnsCellCentre(cell)
                    )}
                  </th>
                  <td>
                    <span className="dm-returns-swatch" style={{ background: bin.fill }} aria-hidden="true" />
                    {returnText(cell.median)}
                  </td>
                  <td>{cell.count.toLocaleString('en-US')}</td>
                  <td>{returnsRangeText(cell)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
