import { Alert, Descriptions, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useId } from 'react';
import { formatInteger } from '../../../shared/format';
import type { EstimateKind, MarketAccuracy, MarketKindAccuracy, ZipAccuracy } from '../../../shared/schemas/accuracy';
import {
  accuracySentence,
  asOfText,
  biasText,
  codText,
  coverageText,
  iaaoMetText,
  iaaoRows,
  KIND_WORDS,
  medianErrorText,
  percentText,
  pooledRangeText,
  rangeBoundsText,
  ratioText,
  signedPercentText,
  testedText,
  withinText,
  type IaaoRow,
} from '../../../shared/valuation/accuracy-text';
import { AccessibleTable } from '../../components/accessible-table';
import { ErrorChart } from './error-chart';
import './accuracy.css';

type HeadingLevel = 3 | 4;
const sub = (level: HeadingLevel) => (level + 1) as 4 | 5;

const IAAO_COLUMNS: TableColumnsType<IaaoRow> = [
  { title: 'Measure', dataIndex: 'measure', key: 'measure' },
  { title: 'Here', dataIndex: 'value', key: 'value', align: 'right' },
  { title: 'The standard asks', dataIndex: 'standard', key: 'standard' },
  { title: 'Result', key: 'met', render: (_: unknown, r: IaaoRow) => iaaoMetText(r.met) },
];

function zipColumns(kind: EstimateKind): TableColumnsType<ZipAccuracy> {
  const columns: TableColumnsType<ZipAccuracy> = [
    { title: 'ZIP', dataIndex: 'zip', key: 'zip', fixed: 'left' },
    {
      title: kind === 'value' ? 'Sales' : 'Leases',
      key: 'count',
      align: 'right',
      render: (_: unknown, z: ZipAccuracy) => formatInteger(z.count),
    },
    {
      title: 'Median error',
      key: 'error',
      align: 'right',
      render: (_: unknown, z: ZipAccuracy) => percentText(z.medianAbsErrorPercent, 1),
    },
    {
      title: 'Within 10\u00a0%',
      key: 'within10',
      align: 'right',
      render: (_: unknown, z: ZipAccuracy) => percentText(z.within10),
    },
    { title: 'Bias', key: 'bias', align: 'right', render: (_: unknown, z: ZipAccuracy) => signedPercentText(z.biasPercent) },
    {
      title: 'In the 80\u00a0% range',
      key: 'coverage',
      align: 'right',
      render: (_: unknown, z: ZipAccuracy) => percentText(z.coveragePercent, 1),
    },
  ];
  if (kind === 'value') {
    columns.push(
      { title: 'Median ratio', key: 'ratio', align: 'right', render: (_: unknown, z: ZipAccuracy) => ratioText(z.medianRatio) },
      { title: 'COD', key: 'cod', align: 'right', render: (_: unknown, z: ZipAccuracy) => codText(z.cod) },
    );
  }
  return columns;
}

/** One kind of estimate in one market: the sentence, the figures, the IAAO measures (values), the errors' chart and the ZIPs. */
function KindAccuracy({
  kind,
  city,
  data,
  minZipOutcomes,
  level,
}: {
  kind: EstimateKind;
  city: string;
  data: MarketKindAccuracy | null;
  minZipOutcomes: number;
  level: HeadingLevel;
}) {
  const headingId = useId();
  const words = KIND_WORDS[kind];
  const figures = data?.figures ?? null;
  return (
    <section className="dm-accuracy-kind" aria-labelledby={headingId} data-testid={`accuracy-${kind}`}>
      <Typography.Title level={level} id={headingId} className="dm-accuracy-kind-title">
        {words.title}
      </Typography.Title>
      <Typography.Paragraph strong className="dm-accuracy-sentence" data-testid={`accuracy-sentence-${kind}`}>
        {accuracySentence(kind, city, figures)}.
      </Typography.Paragraph>
      {data && figures && figures.count > 0 ? (
        <>
          <Typography.Paragraph type="secondary">{testedText(kind, figures)}</Typography.Paragraph>
          <Descriptions
            size="small"
            bordered
            column={1}
            className="dm-accuracy-figures"
            items={[
              { key: 'error', label: 'Median error', children: medianErrorText(figures) },
              { key: 'bias', label: 'Bias', children: biasText(kind, figures) },
              { key: 'within', label: `Within 5 / 10 / ${percentText(20)}`, children: withinText(figures) },
              { key: 'coverage', label: `Actual inside the ${percentText(80)} range`, children: coverageText(kind, figures) },
              { key: 'range', label: `The ${percentText(80)} range`, children: rangeBoundsText(kind, figures.range) },
            ]}
          />
          {figures.range?.basis === 'pooled' ? (
            <Alert type="info" showIcon className="dm-accuracy-pooled" title={pooledRangeText(kind)} />
          ) : null}
          {kind === 'value' ? (
            <>
              <Typography.Title level={sub(level)}>The IAAO&apos;s ratio-study measures</Typography.Title>
              <Typography.Paragraph type="secondary">
                What assessors are held to by the International Association of Assessing Officers&apos; Standard on Ratio Studies
                (2013), with our estimate in place of the assessed value.
              </Typography.Paragraph>
              <AccessibleTable<IaaoRow>
                aria-label={`IAAO measures of the value estimates in ${city}`}
                size="small"
                rowKey="key"
                columns={IAAO_COLUMNS}
                dataSource={iaaoRows(figures)}
                pagination={false}
                data-testid="accuracy-iaao"
              />
            </>
          ) : null}
          <Typography.Title level={sub(level)}>How far off the estimates were</Typography.Title>
          <ErrorChart kind={kind} city={city} histogram={data.histogram} />
          <Typography.Title level={sub(level)}>By ZIP</Typography.Title>
          {data.zips.length ? (
            <AccessibleTable<ZipAccuracy>
              aria-label={`${words.title} by ZIP in ${city}`}
              size="small"
              rowKey="zip"
              columns={zipColumns(kind)}
              dataSource={data.zips}
              pagination={false}
              scroll={{ x: 'max-content' }}
              data-testid={`accuracy-zips-${kind}`}
            />
          ) : (
            <Typography.Paragraph type="secondary">
              No ZIP had the {formatInteger(minZipOutcomes)} estimated {words.many} it takes to be shown on its own.
            </Typography.Paragraph>
          )}
        </>
      ) : null}
    </section>
  );
}

/**
 * A market's accuracy (GET /accuracy/markets/:state/:city), as the "How accurate?" dialog and the
 * public Accuracy page show it: when it was measured, then each kind of estimate (the one asked
 * about first).
 */
export function MarketAccuracyView({
  market,
  first = 'value',
  level = 3,
}: {
  market: MarketAccuracy;
  first?: EstimateKind;
  level?: HeadingLevel;
}) {
  const kinds: EstimateKind[] = first === 'rent' ? ['rent', 'value'] : ['value', 'rent'];
  return (
    <div className="dm-market-accuracy" data-testid="market-accuracy">
      <Typography.Paragraph type="secondary" className="dm-accuracy-run">
        Measured {dayjs(market.run.finishedAt).format('MMM D, YYYY')} from the {asOfText(market.run)}, over the 12 months before.
      </Typography.Paragraph>
      {kinds.map((kind) => (
        <KindAccuracy
          key={kind}
          kind={kind}
          city={market.city}
          data={market[kind]}
          minZipOutcomes={market.minZipOutcomes}
          level={level}
        />
      ))}
    </div>
  );
}
