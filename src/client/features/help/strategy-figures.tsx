import { Typography } from 'antd';
import { AccessibleTable } from '../../components/accessible-table';
import { DEAL_TEXT } from '../deal';
import { MORTGAGE_PAYMENT, OPERATING_EXPENSES, STRATEGY_GUIDES, type FigureGuide } from './strategy-guide';

const COLUMNS = [
  {
    title: 'Figure',
    key: 'label',
    width: '24%',
    render: (_: unknown, g: FigureGuide) => (
      <>
        <strong>{g.label}</strong>
        <br />
        {g.field ? (
          <Typography.Text code className="dm-help-field">
            {g.field}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">worked out on screen</Typography.Text>
        )}
      </>
    ),
  },
  { title: 'What it means', dataIndex: 'meaning', key: 'meaning' },
  { title: 'How it is worked out', dataIndex: 'formula', key: 'formula' },
];

/** Every figure of the four strategy tabs: its meaning and its formula, in words. */
export function StrategyFigures() {
  return (
    <>
      <Typography.Paragraph>
        Each strategy tab in a property&apos;s popup and on its page shows the figures below, worked out from the list price, the
        listing&apos;s rent, rehab, after-repair value and nightly-rate estimates, and the default assumptions (a market can set
        its own; the property page lets you change any of them). Money is in US dollars, returns have 2 decimals, occupancy and
        months 1 decimal. {DEAL_TEXT.disclaimer}
      </Typography.Paragraph>
      <Typography.Paragraph>
        The rent is the listing feed&apos;s when it gives one, else the median of similar leases nearby and recent (each scaled to
        the listing&apos;s size), else a fallback from the city&apos;s rents or the price. The Buy/Hold and BRRRR tabs and the
        property page say which, with the range and the leases used; on the property page, Low and High beside the monthly rent
        try either end of the range.
      </Typography.Paragraph>
      <Typography.Title level={4}>Two building blocks</Typography.Title>
      <ul>
        <li>{MORTGAGE_PAYMENT}</li>
        <li>{OPERATING_EXPENSES}</li>
      </ul>
      {STRATEGY_GUIDES.map((guide) => (
        <section key={guide.key} aria-label={guide.name} className="dm-help-strategy">
          <Typography.Title level={4}>
            {guide.name} <Typography.Text type="secondary">(the {guide.tab} tab)</Typography.Text>
          </Typography.Title>
          <Typography.Paragraph>{guide.summary}</Typography.Paragraph>
          <AccessibleTable<FigureGuide>
            aria-label={`${guide.name} figures`}
            size="small"
            rowKey="label"
            columns={COLUMNS}
            dataSource={guide.figures}
            pagination={false}
            scroll={{ x: 640 }}
          />
        </section>
      ))}
    </>
  );
}
