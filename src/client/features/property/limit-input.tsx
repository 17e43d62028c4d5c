import { Form, InputNumber } from 'antd';
import { useId, type ReactNode } from 'react';
import type { InputLimit } from '../../../shared/invest';
import { groupDigits, ungroupDigits } from '../../components/grouped-number';

function stepOf(limit: InputLimit): number {
  if (limit.integer || limit.unit === 'months') return 1;
  if (limit.unit === 'usd') return limit.max > 1e6 ? 1000 : 10;
  if (limit.unit === 'percent') return 0.1;
  return 0.05;
}

interface LimitInputProps {
  limit: InputLimit;
  value: number;
  onChange: (value: number) => void;
  /** Under the field (e.g. where a default came from). */
  extra?: ReactNode;
  testId?: string;
}

/**
 * One what-if input: its label, unit, range and step come from the shared limits (FIGURE_LIMITS,
 * ASSUMPTION_LIMITS, GROWTH_LIMITS), so the form and the server's checks agree. A cleared field
 * keeps the last number; out-of-range typing is clamped.
 */
export function LimitInput({ limit, value, onChange, extra, testId }: LimitInputProps) {
  const id = useId();
  const money = limit.unit === 'usd';
  return (
    <Form.Item label={limit.label} htmlFor={id} extra={extra} className="dm-limit-input">
      <InputNumber
        id={id}
        data-testid={testId}
        value={value}
        min={limit.min}
        max={limit.max}
        step={stepOf(limit)}
        precision={limit.integer ? 0 : undefined}
        prefix={money ? '$' : undefined}
        suffix={limit.unit === 'percent' ? '%' : limit.unit === 'months' ? 'mo' : undefined}
        formatter={money ? groupDigits : undefined}
        parser={money ? ungroupDigits : undefined}
        onChange={(next) => {
          if (typeof next !== 'number' || !Number.isFinite(next)) return;
          const clamped = Math.min(limit.max, Math.max(limit.min, next));
          onChange(limit.integer ? Math.round(clamped) : clamped);
        }}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}
