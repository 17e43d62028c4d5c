import type { TableColumnsType } from 'antd';
import { useId } from 'react';
import { formatInteger } from '../../../shared/format';
import type { EstimateKind } from '../../../shared/schemas/accuracy';
import { errorBinLabels, histogramDescription, KIND_WORDS, percentText } from '../../../shared/valuation/accuracy-text';
import { ERROR_BINS } from '../../../shared/valuation/ratio-study';
import { AccessibleTable } from '../../components/accessible-table';
import { linearScale, niceTicks } from '../../../shared/chart-scale';

const WIDTH = 560;
const HEIGHT = 230;
const PAD = { left: 48, right: 10, top: 12, bottom: 50 };

interface BinRow {
  key: number;
  label: string;
  count: number;
  share: number | null;
}

const COLUMNS: TableColumnsType<BinRow> = [
  { title: 'Estimate against the actual', dataIndex: 'label', key: 'label' },
  { title: 'Estimates', key: 'count', align: 'right', render: (_: unknown, r: BinRow) => formatInteger(r.count) },
  { title: 'Share', key: 'share', align: 'right', render: (_: unknown, r: BinRow) => percentText(r.share, 1) },
];

/**
 * The errors' histogram (ERROR_BINS: below −30 %, 5-point bins to 30 %, 30 % or more) as an SVG bar
 * chart, with the same figures in a table under it.
 */
export function ErrorChart({ kind, city, histogram }: { kind: EstimateKind; city: string; histogram: readonly number[] }) {
  const titleId = useId();
  const descId = useId();
  const labels = errorBinLabels();
  const total = histogram.reduce((sum, n) => sum + n, 0);
  const ticks = niceTicks(0, Math.max(1, ...histogram), 4);
  const y = linearScale(0, ticks[ticks.length - 1], HEIGHT - PAD.bottom, PAD.top);
  const band = (WIDTH - PAD.left - PAD.right) / histogram.length;
  const edge = (index: number) => PAD.left + band * index;
  // The bin that starts at 0 % (ERROR_BINS[k − 1] = 0 starts bin k): the line between under and over.
  const zero = edge(ERROR_BINS.indexOf(0) + 1);
  const title = `${KIND_WORDS[kind].title}: how far they were from the actual`;
  const rows: BinRow[] = histogram.map((n, i) => ({
    key: i,
    label: labels[i],
    count: n,
    share: total > 0 ? (100 * n) / total : null,
  }));

  return (
    <div className="dm-error-chart" data-testid={`error-chart-${kind}`}>
      <figure className="dm-hist">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${titleId} ${descId}`} className="dm-hist-svg">
          <title id={titleId}>{title}</title>
          <desc id={descId}>{histogramDescription(kind, city, histogram)}</desc>
          <g className="dm-hist-grid" aria-hidden="true">
            {ticks.map((t) => (
              <g key={t}>
                <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} />
                <text x={PAD.left - 6} y={y(t)} dy="0.32em" textAnchor="end">
                  {formatInteger(t)}
                </text>
              </g>
            ))}
          </g>
          <g className="dm-hist-bars" aria-hidden="true">
            {histogram.map((n, i) => (
              <rect key={labels[i]} x={edge(i) + band * 0.1} width={band * 0.8} y={y(n)} height={Math.max(0, y(0) - y(n))} />
            ))}
          </g>
          <g className="dm-hist-axis" aria-hidden="true">
            <line className="dm-hist-zero" x1={zero} x2={zero} y1={PAD.top} y2={HEIGHT - PAD.bottom} />
            {ERROR_BINS.map((b, k) => (
              <text key={b} x={edge(k + 1)} y={HEIGHT - PAD.bottom + 18} textAnchor="middle">
                {b < 0 ? `−${Math.abs(b)}` : b}
              </text>
            ))}
            <text x={(PAD.left + WIDTH - PAD.right) / 2} y={HEIGHT - 6} textAnchor="middle">
              Estimate against the actual, %
            </text>
          </g>
        </svg>
        <figcaption className="dm-hist-caption">
          {title}. Left of 0 the estimate was under {KIND_WORDS[kind].actual}, right of 0 over it.
        </figcaption>
      </figure>
      <AccessibleTable<BinRow>
        aria-label={`${KIND_WORDS[kind].title}: the chart's figures`}
        size="small"
        rowKey="key"
        className="dm-hist-table"
        columns={COLUMNS}
        dataSource={rows}
        pagination={false}
      />
    </div>
  );
}
