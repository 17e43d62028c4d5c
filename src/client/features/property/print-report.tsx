import { Descriptions, Typography } from 'antd';
import dayjs from 'dayjs';
import type { Rate } from '../../../shared/api-types';
import { formatCurrency, formatInteger, formatRoi } from '../../../shared/format';
import { GROWTH_LIMITS, HOLD_YEARS_LIMIT, type GrowthAssumptions, type InputLimit, type WhatIf } from '../../../shared/invest';
import { INPUT_GROUPS, limitsOf, valuesOf } from './what-if-inputs';

export function formatInput(limit: InputLimit, value: number): string {
  switch (limit.unit) {
    case 'usd':
      return formatCurrency(value, Number.isInteger(value) ? 0 : 2);
    case 'percent':
      return `${value}%`;
    case 'months':
      return `${value} month${value === 1 ? '' : 's'}`;
    default:
      return limit.integer ? formatInteger(value) : String(value);
  }
}

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
  const groups = [
    ...INPUT_GROUPS.map((group) => {
      const values = valuesOf(whatIf, group.key);
      return {
        title: group.title,
        items: Object.entries(limitsOf(group.key)).map(([key, limit]) => ({
          label: limit.label,
          value: formatInput(limit, values[key]),
        })),
      };
    }),
    {
      title: 'Projection',
      items: [
        ...(Object.keys(GROWTH_LIMITS) as Array<keyof GrowthAssumptions>).map((key) => ({
          label: GROWTH_LIMITS[key].label,
          value: formatInput(GROWTH_LIMITS[key], growth[key]),
        })),
        { label: HOLD_YEARS_LIMIT.label, value: String(holdYears) },
      ],
    },
  ];
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
