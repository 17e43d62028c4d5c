import { Alert, Button, Spin, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { Link, useParams } from 'react-router-dom';
import { formatInteger } from '../../../shared/format';
import type { AccuracyFigures, MarketAccuracySummary } from '../../../shared/schemas/accuracy';
import {
  ACCURACY_TEXT,
  asOfText,
  codText,
  marketName,
  marketNotMeasuredText,
  percentText,
  ratioText,
} from '../../../shared/valuation/accuracy-text';
import { AccessibleTable } from '../../components/accessible-table';
import { useDocumentTitle } from '../../components/document-title';
import { marketPath, useAccuracyOverviewQuery, useMarketAccuracyQuery } from './accuracy-api';
import { MarketAccuracyView } from './market-accuracy-view';
import './accuracy.css';

const { Title, Paragraph } = Typography;

export const ACCURACY_PAGE_TEXT = {
  title: 'How accurate are our estimates?',
  documentTitle: 'Accuracy',
  everyMarket: 'Every market',
  back: '← Every market',
  loading: 'Loading the accuracy figures…',
  failed: 'The accuracy figures could not be loaded.',
  allMarkets: 'All markets',
} as const;

/** A row of the markets' table: a market, or all of them together (`all`). */
interface MarketRow extends MarketAccuracySummary {
  key: string;
  all?: boolean;
}

const figure =
  (kind: 'value' | 'rent', read: (f: AccuracyFigures) => string) =>
  (_: unknown, row: MarketRow): string => {
    const figures = row[kind];
    return figures && figures.count > 0 ? read(figures) : '—';
  };

const COLUMNS: TableColumnsType<MarketRow> = [
  {
    title: 'Market',
    key: 'market',
    fixed: 'left',
    render: (_: unknown, row: MarketRow) =>
      row.all ? ACCURACY_PAGE_TEXT.allMarkets : <Link to={marketPath(row)}>{marketName(row)}</Link>,
  },
  {
    title: 'Value estimates',
    key: 'value',
    children: [
      {
        title: 'Median error',
        key: 'v-error',
        align: 'right',
        render: figure('value', (f) => percentText(f.medianAbsErrorPercent, 1)),
      },
      { title: 'Within 10\u00a0%', key: 'v-within', align: 'right', render: figure('value', (f) => percentText(f.within10)) },
      { title: 'COD', key: 'v-cod', align: 'right', render: figure('value', (f) => codText(f.cod)) },
      { title: 'PRD', key: 'v-prd', align: 'right', render: figure('value', (f) => ratioText(f.prd)) },
      {
        title: 'In 80\u00a0% range',
        key: 'v-coverage',
        align: 'right',
        render: figure('value', (f) => percentText(f.coveragePercent, 1)),
      },
      { title: 'Sales', key: 'v-count', align: 'right', render: figure('value', (f) => formatInteger(f.count)) },
    ],
  },
  {
    title: 'Rent estimates',
    key: 'rent',
    children: [
      {
        title: 'Median error',
        key: 'r-error',
        align: 'right',
        render: figure('rent', (f) => percentText(f.medianAbsErrorPercent, 1)),
      },
      { title: 'Within 10\u00a0%', key: 'r-within', align: 'right', render: figure('rent', (f) => percentText(f.within10)) },
      {
        title: 'In 80\u00a0% range',
        key: 'r-coverage',
        align: 'right',
        render: figure('rent', (f) => percentText(f.coveragePercent, 1)),
      },
      { title: 'Leases', key: 'r-count', align: 'right', render: figure('rent', (f) => formatInteger(f.count)) },
    ],
  },
];

function Loading() {
  return (
    <div className="dm-popup-center" role="status">
      <Spin size="small" /> <span>{ACCURACY_PAGE_TEXT.loading}</span>
    </div>
  );
}

function Failed({ retry }: { retry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={ACCURACY_PAGE_TEXT.failed}
      action={
        <Button size="small" onClick={retry}>
          Try again
        </Button>
      }
    />
  );
}

/** What the figures are and where they come from. */
function Method() {
  return (
    <div className="dm-accuracy-intro">
      <Paragraph>
        Every estimate Dealmap shows — what a house is worth, what it rents for — comes with an 80&nbsp;% range and the measured
        accuracy of estimates like it in its market. {ACCURACY_TEXT.method}
      </Paragraph>
      <Paragraph>
        The median error is how far off half of the estimates were at most; the bias, whether they ran high or low; the range
        coverage, how often the actual fell inside the 80&nbsp;% range the estimate would have been shown. COD and PRD are the
        assessors&apos; ratio-study measures (IAAO: a COD of 15 or less, a PRD from 0.98 to 1.03). {ACCURACY_TEXT.aggregatesOnly}
      </Paragraph>
    </div>
  );
}

/** /accuracy (public): every market's accuracy in a table, all markets together first; each market links to its page. */
export function AccuracyPage() {
  useDocumentTitle(ACCURACY_PAGE_TEXT.documentTitle);
  const { data, error, isLoading, refetch } = useAccuracyOverviewQuery();
  const rows: MarketRow[] = data
    ? [
        { key: 'all', all: true, city: '', state: '', value: data.all.value, rent: data.all.rent },
        ...data.markets.map((m) => ({ ...m, key: `${m.state}|${m.city}` })),
      ]
    : [];
  return (
    <article className="dm-accuracy-page" data-testid="accuracy-page">
      <Title level={2}>{ACCURACY_PAGE_TEXT.title}</Title>
      <Method />
      {isLoading ? <Loading /> : null}
      {error && !data ? <Failed retry={() => void refetch()} /> : null}
      {data && !data.run ? (
        <Paragraph strong data-testid="accuracy-not-measured">
          {ACCURACY_TEXT.notMeasured}
        </Paragraph>
      ) : null}
      {data?.run ? (
        <>
          <Title level={3}>{ACCURACY_PAGE_TEXT.everyMarket}</Title>
          <Paragraph type="secondary">
            Measured {dayjs(data.run.finishedAt).format('MMM D, YYYY')} from the {asOfText(data.run)}, over the 12 months before.
            Choose a market for its chart of the errors, its figures by ZIP and the IAAO measures.
          </Paragraph>
          <AccessibleTable<MarketRow>
            aria-label="Accuracy of every market"
            size="small"
            bordered
            rowKey="key"
            className="dm-accuracy-table"
            rowClassName={(row) => (row.all ? 'dm-accuracy-all' : '')}
            columns={COLUMNS}
            dataSource={rows}
            pagination={false}
            scroll={{ x: 'max-content' }}
            data-testid="accuracy-markets"
          />
        </>
      ) : null}
    </article>
  );
}

/** /accuracy/:state/:city (public): one market, as the "How accurate?" dialog shows it. */
export function AccuracyMarketPage() {
  const { state = '', city = '' } = useParams();
  const market = { city, state: state.toUpperCase() };
  const name = marketName(market);
  useDocumentTitle(`Accuracy in ${name}`);
  const { data, error, isFetching, refetch } = useMarketAccuracyQuery(market);
  const missing = !!error && typeof error === 'object' && 'status' in error && error.status === 404;
  return (
    <article className="dm-accuracy-page" data-testid="accuracy-market-page">
      <Link to="/accuracy" className="dm-accuracy-back">
        {ACCURACY_PAGE_TEXT.back}
      </Link>
      <Title level={2}>{`How accurate are our estimates in ${data ? marketName(data) : name}?`}</Title>
      {data ? <MarketAccuracyView market={data} level={3} /> : null}
      {!data && isFetching ? <Loading /> : null}
      {!data && !isFetching && missing ? (
        <Paragraph strong data-testid="accuracy-not-measured">
          {marketNotMeasuredText(market)}
        </Paragraph>
      ) : null}
      {!data && !isFetching && error && !missing ? <Failed retry={() => void refetch()} /> : null}
    </article>
  );
}

export default AccuracyPage;
