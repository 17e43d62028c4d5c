import { Card, Col, Empty, List, Row, Spin, Statistic } from 'antd';
import { PricePositionBar } from '../../components/price-position-bar';
import { formatAddress, formatBaths, formatCurrency, formatDate } from '../../../shared/format';
import type { Comp } from '../../../shared/schemas/property';
import { DEAL_TEXT } from './deal-constants';
import { compsSummary, topComps } from './popup-rules';
import './deal.css';

/** The Comps tab: summary cards, the price-position bar and the top 5 comps by sold price. */
export function CompsTab({ price, comps, loading }: { price: number; comps: Comp[] | undefined; loading: boolean }) {
  if (loading && !comps) {
    return (
      <div className="dm-popup-center">
        <Spin /> <span>Loading comps...</span>
      </div>
    );
  }
  const list = comps ?? [];
  if (!list.length) {
    return (
      <Empty
        className="dm-comps-empty"
        description={
          <>
            <strong>{DEAL_TEXT.noComps}</strong>
            <br />
            <span>{DEAL_TEXT.noCompsHint}</span>
          </>
        }
      />
    );
  }
  const summary = compsSummary(list);
  const range = summary.min === null ? '—' : `${formatCurrency(summary.min)} – ${formatCurrency(summary.max)}`;
  return (
    <div className="dm-comps-tab">
      <Row gutter={[8, 8]}>
        <Col span={6}>
          <Card size="small">
            <Statistic title="Total Comps" value={summary.total} />
          </Card>
        </Col>
        <Col span={6}>
          <Card size="small">
            <Statistic title="Average Price" value={formatCurrency(summary.average)} />
          </Card>
        </Col>
        <Col span={6}>
          <Card size="small">
            <Statistic title="Price Range" value={range} styles={{ content: { fontSize: 13 } }} />
          </Card>
        </Col>
        <Col span={6}>
          <Card size="small">
            <Statistic title="Market Data" value={summary.marketData} />
          </Card>
        </Col>
      </Row>
      <PricePositionBar price={price} soldPrices={list.map((c) => c.MLSSoldPrice)} />
      <List
        size="small"
        data-testid="top-comps"
        header={<strong>Top comps by sold price</strong>}
        dataSource={topComps(list)}
        renderItem={(comp) => (
          <List.Item key={comp._id} data-testid="top-comp">
            <List.Item.Meta
              title={formatAddress(comp)}
              description={[
                comp.BedroomsTotal != null ? `${comp.BedroomsTotal} bd` : null,
                comp.BathroomsTotal != null ? `${formatBaths(comp.BathroomsTotal)} ba` : null,
                comp.closeDate ? `sold ${formatDate(comp.closeDate)}` : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            />
            <strong className="dm-comp-price">{formatCurrency(comp.MLSSoldPrice)}</strong>
          </List.Item>
        )}
      />
    </div>
  );
}
