import { Alert, Button, Card, Form, Space, Tabs, Typography } from 'antd';
import type { Dispatch } from 'react';
import type { Rate } from '../../../shared/api-types';
import { formatCurrency, formatRoi } from '../../../shared/format';
import { staleRatesNote } from '../../../shared/rates-staleness';
import type { RentEstimate } from '../../../shared/schemas/property-estimates';
import type { PropertyFigures, WhatIf } from '../../../shared/invest';
import { limitsOf, valuesOf, type InputGroupKey } from '../../../shared/invest/inputs-used';
import { LimitInput } from './limit-input';
import type { WhatIfAction } from './what-if-state';

const INPUT_TABS: ReadonlyArray<{ title: string; groups: InputGroupKey[] }> = [
  { title: 'Property and financing', groups: ['figures', 'financing'] },
  { title: 'Operating expenses', groups: ['operating'] },
  { title: 'BRRRR', groups: ['brrrr'] },
  { title: "Fix'N'Flip", groups: ['flip'] },
  { title: 'Short-term Rental', groups: ['shortTerm'] },
];

/** A rent range the what-if rent can be set to either end of, and what it is. */
export interface RentRange {
  low: number;
  high: number;
  name: string;
}

/**
 * The rent's 80 % range (its market's backtest: docs/accuracy.md) when there is one, else the lease
 * comps' spread (25th–75th percentile); null without either (too few leases, or not computed yet).
 */
export function rentRangeOf(e: RentEstimate | null | undefined): RentRange | null {
  if (e?.range) return { low: e.range.low, high: e.range.high, name: `The rent's ${e.range.coverage} % range` };
  return e && e.low !== null && e.high !== null ? { low: e.low, high: e.high, name: "The lease comps' rent range" } : null;
}

/** Sets the monthly rent to either end of the range in one click. */
function RentRangeButtons({ range, onPick }: { range: RentRange; onPick: (rent: number) => void }) {
  return (
    <Space size={4} wrap role="group" aria-label={range.name} className="dm-rent-range">
      <Button size="small" onClick={() => onPick(range.low)} data-testid="rent-low">
        Low {formatCurrency(range.low)}
      </Button>
      <Button size="small" onClick={() => onPick(range.high)} data-testid="rent-high">
        High {formatCurrency(range.high)}
      </Button>
    </Space>
  );
}

interface WhatIfInputsProps {
  whatIf: WhatIf;
  dispatch: Dispatch<WhatIfAction>;
  latestRate: Rate | null;
  changed: number;
  onReset: () => void;
  problems: string[];
  /** The lease comps' range: Low and High buttons under the monthly rent. */
  rentRange?: RentRange | null;
}

/** Every input of the analysis, editable; results elsewhere on the page recompute on each change. */
export function WhatIfInputs({ whatIf, dispatch, latestRate, changed, onReset, problems, rentRange }: WhatIfInputsProps) {
  const extraFor = (group: string, key: string) => {
    if (group === 'financing' && key === 'interestRatePercent') {
      if (!latestRate) return 'No latest rate on file: the engine default is used.';
      const stale = staleRatesNote(latestRate.asOf, new Date());
      return `Latest ${latestRate.product}: ${formatRoi(latestRate.rate)} (${latestRate.asOf})${stale ? `. ${stale}` : ''}`;
    }
    if (group === 'financing' && key === 'termMonths') return '30-Year Fixed: 360 months (loan-term helper).';
    if (group === 'figures' && key === 'monthlyRent' && rentRange) {
      return <RentRangeButtons range={rentRange} onPick={(value) => dispatch({ type: 'figure', key: 'monthlyRent', value })} />;
    }
    return undefined;
  };

  const fields = (group: InputGroupKey) => {
    const values = valuesOf(whatIf, group);
    return Object.entries(limitsOf(group)).map(([key, limit]) => (
      <LimitInput
        key={`${group}.${key}`}
        limit={limit}
        value={values[key]}
        extra={extraFor(group, key)}
        testId={`input-${group}-${key}`}
        onChange={(value) =>
          group === 'figures'
            ? dispatch({ type: 'figure', key: key as keyof PropertyFigures, value })
            : dispatch({ type: 'assumption', section: group, key, value })
        }
      />
    ));
  };

  // The property's figures and its financing share the first tab: the inputs changed most often.
  const items = INPUT_TABS.map((tab) => ({
    key: tab.groups[0],
    label: tab.title,
    children: <div className="dm-input-grid">{tab.groups.flatMap(fields)}</div>,
  }));

  return (
    <Card
      title="Assumptions"
      className="dm-what-if-inputs dm-print-hide"
      extra={
        <Button onClick={onReset} disabled={changed === 0} data-testid="reset-what-if">
          {changed === 0 ? 'Reset' : `Reset (${changed} changed)`}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary" className="dm-what-if-hint">
        Change any figure: every result on this page recomputes at once, with the same engine the server uses. Reset returns to
        this listing&apos;s figures, its market&apos;s assumptions and the latest rate.
      </Typography.Paragraph>
      {problems.length ? (
        <Alert
          type="warning"
          showIcon
          className="dm-form-alert"
          title="These inputs cannot be saved as they are"
          description={
            <ul className="dm-problem-list">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          }
        />
      ) : null}
      <Form layout="vertical" component="div">
        <Tabs size="small" items={items} />
      </Form>
    </Card>
  );
}
