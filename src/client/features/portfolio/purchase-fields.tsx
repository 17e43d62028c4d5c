import { DatePicker, Form, InputNumber, type FormRule, type InputNumberProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef } from 'react';
import { PORTFOLIO_LIMITS as L } from '../../../shared/portfolio/limits';
import { groupDigits, ungroupDigits } from '../../components/grouped-number';
import { PORTFOLIO_TEXT } from './portfolio-text';
import { DAY_FORMAT } from './purchase-values';

const EARLIEST = dayjs(L.earliestDate);

/** Days one may pick: from the earliest allowed to today. */
const outsideDays = (day: Dayjs) => day.isBefore(EARLIEST, 'day') || day.isAfter(dayjs(), 'day');

/** A dollar amount: "$212,345" as typed, a whole number in the form (Form.Item's value, onChange and id pass through). */
export function MoneyInput(props: InputNumberProps) {
  return (
    <InputNumber
      className="dm-portfolio-input"
      prefix="$"
      min={0}
      max={L.maxPrice}
      precision={0}
      formatter={groupDigits}
      parser={ungroupDigits}
      inputMode="numeric"
      {...props}
    />
  );
}

const required = (message: string): FormRule => ({ required: true, message });

/** A loan field required once a loan amount is entered. */
const neededWithLoan =
  (message: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) =>
      getFieldValue('loanAmount') && (value === null || value === undefined)
        ? Promise.reject(new Error(message))
        : Promise.resolve(),
  });

/**
 * Purchase price and date, and the loan (empty amount: a cash purchase). The loan's start follows the
 * purchase date until it is set to another day.
 */
export function PurchaseFields() {
  const form = Form.useFormInstance();
  const purchaseDate = Form.useWatch<Dayjs | null | undefined>('purchaseDate', form);
  const lastDate = useRef(purchaseDate);
  useEffect(() => {
    const start = form.getFieldValue('loanStart') as Dayjs | null | undefined;
    if (purchaseDate && (!start || (lastDate.current && start.isSame(lastDate.current, 'day')))) {
      form.setFieldValue('loanStart', purchaseDate);
    }
    lastDate.current = purchaseDate;
  }, [form, purchaseDate]);

  return (
    <>
      <div className="dm-portfolio-form-row">
        <Form.Item label="Purchase price" name="purchasePrice" rules={[required('Enter the purchase price')]}>
          <MoneyInput min={1} />
        </Form.Item>
        <Form.Item label="Purchase date" name="purchaseDate" rules={[required('Enter the purchase date')]}>
          <DatePicker className="dm-portfolio-input" format={DAY_FORMAT} disabledDate={outsideDays} placeholder={DAY_FORMAT} />
        </Form.Item>
      </div>
      <fieldset className="dm-portfolio-fieldset">
        <legend>Loan</legend>
        <p className="dm-portfolio-muted">{PORTFOLIO_TEXT.loanHint}</p>
        <div className="dm-portfolio-form-row">
          <Form.Item label="Loan amount" name="loanAmount">
            <MoneyInput min={1} />
          </Form.Item>
          <Form.Item
            label="Interest rate"
            name="loanRate"
            dependencies={['loanAmount']}
            rules={[neededWithLoan('Enter the interest rate')]}
          >
            <InputNumber<number> className="dm-portfolio-input" suffix="%" min={0} max={L.maxRatePercent} step={0.125} />
          </Form.Item>
          <Form.Item
            label="Term (years)"
            name="loanTerm"
            dependencies={['loanAmount']}
            rules={[neededWithLoan('Enter the term')]}
          >
            <InputNumber<number> className="dm-portfolio-input" min={1} max={L.maxTermYears} precision={0} />
          </Form.Item>
          <Form.Item
            label="Loan start"
            name="loanStart"
            dependencies={['loanAmount']}
            rules={[neededWithLoan('Enter the day the loan started')]}
          >
            <DatePicker className="dm-portfolio-input" format={DAY_FORMAT} disabledDate={outsideDays} placeholder={DAY_FORMAT} />
          </Form.Item>
        </div>
      </fieldset>
    </>
  );
}

/** Beds, baths and square feet, each optional. */
export function FactsFields() {
  return (
    <div className="dm-portfolio-form-row">
      <Form.Item label="Beds" name="beds">
        <InputNumber<number> className="dm-portfolio-input" min={0} max={50} precision={0} />
      </Form.Item>
      <Form.Item label="Baths" name="baths">
        <InputNumber<number> className="dm-portfolio-input" min={0} max={50} step={0.5} />
      </Form.Item>
      <Form.Item label="Square feet" name="area">
        <InputNumber<number> className="dm-portfolio-input" min={100} max={100_000} precision={0} />
      </Form.Item>
    </div>
  );
}
