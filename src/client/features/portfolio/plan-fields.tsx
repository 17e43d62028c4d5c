import { Form, InputNumber } from 'antd';
import { PORTFOLIO_LIMITS as L } from '../../../shared/portfolio/limits';
import type { PortfolioPlan } from '../../../shared/schemas/portfolio';
import { MoneyInput } from './purchase-fields';

/** The projection's figures, as the edit form labels them and the purchase details list them. */
export const PLAN_LABELS: Record<keyof PortfolioPlan, string> = {
  monthlyRent: 'Monthly rent (year 1)',
  vacancyPercent: 'Vacancy (%)',
  monthlyExpenses: 'Monthly expenses (year 1)',
  appreciationPercent: 'Value growth (% a year)',
  rentGrowthPercent: 'Rent growth (% a year)',
  expenseGrowthPercent: 'Expense growth (% a year)',
  cashInvested: 'Cash invested',
};

const need = (what: string) => [{ required: true, message: `Enter the ${what}` }];

function GrowthField({ name, what }: { name: keyof PortfolioPlan; what: string }) {
  return (
    <Form.Item label={PLAN_LABELS[name]} name={['plan', name]} rules={need(what)}>
      <InputNumber<number>
        className="dm-portfolio-input"
        suffix="%"
        min={L.minGrowthPercent}
        max={L.maxGrowthPercent}
        step={0.5}
      />
    </Form.Item>
  );
}

/** The projection made at purchase, which the actuals are measured against. */
export function PlanFields() {
  return (
    <fieldset className="dm-portfolio-fieldset">
      <legend>Projection at purchase</legend>
      <div className="dm-portfolio-form-row">
        <Form.Item label={PLAN_LABELS.monthlyRent} name={['plan', 'monthlyRent']} rules={need('rent')}>
          <MoneyInput max={L.maxMonthly} />
        </Form.Item>
        <Form.Item label={PLAN_LABELS.vacancyPercent} name={['plan', 'vacancyPercent']} rules={need('vacancy')}>
          <InputNumber<number> className="dm-portfolio-input" suffix="%" min={0} max={L.maxVacancyPercent} step={0.5} />
        </Form.Item>
        <Form.Item label={PLAN_LABELS.monthlyExpenses} name={['plan', 'monthlyExpenses']} rules={need('expenses')}>
          <MoneyInput max={L.maxMonthly} />
        </Form.Item>
        <Form.Item label={PLAN_LABELS.cashInvested} name={['plan', 'cashInvested']} rules={need('cash invested')}>
          <MoneyInput />
        </Form.Item>
        <GrowthField name="appreciationPercent" what="value growth" />
        <GrowthField name="rentGrowthPercent" what="rent growth" />
        <GrowthField name="expenseGrowthPercent" what="expense growth" />
      </div>
    </fieldset>
  );
}
