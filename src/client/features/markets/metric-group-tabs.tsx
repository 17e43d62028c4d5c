import { Col, Row, Tabs } from 'antd';
import { METRIC_GROUPS } from '../../../shared/trends';
import { ChartCard } from './chart-card';
import type { ChartSeries } from './trend-chart';

/** Every metric's chart, in the groups' tabs (prices, rents, supply and demand); two columns on a wide page unless `narrow`. */
export function MetricGroupTabs({
  series,
  narrow = false,
  height,
}: {
  series: readonly ChartSeries[];
  narrow?: boolean;
  height?: number;
}) {
  return (
    <Tabs
      items={METRIC_GROUPS.map((group) => ({
        key: group.key,
        label: group.title,
        children: (
          <Row gutter={[16, 16]}>
            {group.metrics.map((metric) => (
              <Col key={metric} xs={24} xl={narrow ? 24 : 12}>
                <ChartCard metric={metric} series={series} height={height} />
              </Col>
            ))}
          </Row>
        ),
      }))}
    />
  );
}
