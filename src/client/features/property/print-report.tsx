import { Descriptions, Typography } from 'antd';
import dayjs from 'dayjs';
import type { Rate } from '../../../shared/api-types';
import { formatRoi } from '../../../shared/format';
import type { GrowthAssumptions, WhatIf } from '../../../shared/invest';
import { inputsUsed } from '../../../shared/invest/inputs-used';

/** The report's first lines on paper: what, where, when, and at which rate. */
export function ReportHeader({
  address,
  latestRate,
  ratePercent,
}: {
  address: string;
  latestRate: Rate | null;
  ratePercent: number;
}) {
  return (
    <div className="dm-print-only dm-report-header">
      <Typography.Text strong>Dealmap investment analysis</Typography.Text>
      <Typography.Text>{address}</Typography.Text>
      <Typography.Text>
        Prepared {dayjs().format('MMMM D, YYYY')} · rate used {formatRoi(ratePercent)}
        {latestRate
          ? ` · latest ${latestRate.product} ${formatRoi(latestRate.rate)} (${latestRate.source}, ${latestRate.asOf})`
          : ''}
      </Typography.Text>
    </div>
  );
}

/** Every input the analysis used, grouped, for the printed report (the inputs themselves are not printed). */
export function AssumptionsUsed({ whatIf, growth, holdYears }: { whatIf: WhatIf; growth: GrowthAssumptions; holdYears: number }) {
  const groups = inputsUsed(whatIf, growth, holdYears);
  return (
    <section className="dm-print-only dm-assumptions-used">
      <Typography.Title level={4}>Assumptions used</Typography.Title>
      {groups.map((g) => (
        <Descriptions
          key={g.title}
          title={g.title}
          size="small"
          bordered
          column={2}
          items={g.items.map((item) => ({ key: item.label, label: item.label, children: item.value }))}
        />
      ))}
    </section>
  );
}
