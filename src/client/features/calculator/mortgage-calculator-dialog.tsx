import { Descriptions, Form, InputNumber, Modal, Typography } from 'antd';
import { useState } from 'react';
import { monthlyPayment, roundCents } from '../../../shared/invest/mortgage';
import { DIALOG_BODY_STYLE, useDialogWidth } from '../../components/use-dialog-width';
import { formatUsd } from '../../components/format';

interface Inputs {
  price: number | null;
  downPaymentPercent: number | null;
  ratePercent: number | null;
  termYears: number | null;
}

const DEFAULTS: Inputs = { price: 300000, downPaymentPercent: 20, ratePercent: 6.5, termYears: 30 };

/** Monthly principal & interest for a price, down payment, rate and term. */
export function MortgageCalculatorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const width = useDialogWidth();
  const [values, setValues] = useState<Inputs>(DEFAULTS);
  const price = values.price ?? 0;
  const down = Math.min(Math.max(values.downPaymentPercent ?? 0, 0), 100);
  const principal = price * (1 - down / 100);
  const months = Math.round((values.termYears ?? 0) * 12);
  const payment = roundCents(monthlyPayment(principal, values.ratePercent ?? 0, months));
  const totalPaid = payment * months;

  return (
    <Modal
      open={open}
      title="Mortgage payment calculator"
      onCancel={onClose}
      footer={null}
      width={width}
      styles={{ body: DIALOG_BODY_STYLE }}
    >
      <Form
        name="mortgage"
        layout="vertical"
        initialValues={DEFAULTS}
        onValuesChange={(_, all: Inputs) => setValues(all)}
        className="dm-calculator-form"
      >
        <Form.Item label="Price ($)" name="price">
          <InputNumber min={0} step={1000} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="Down payment (%)" name="downPaymentPercent">
          <InputNumber min={0} max={100} step={1} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="Interest rate (%)" name="ratePercent">
          <InputNumber min={0} max={30} step={0.125} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="Term (years)" name="termYears">
          <InputNumber min={1} max={40} step={1} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="Loan amount">{formatUsd(principal)}</Descriptions.Item>
        <Descriptions.Item label="Monthly principal & interest">
          <Typography.Text strong data-testid="monthly-payment">
            {formatUsd(payment, 2)}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="Total interest">{formatUsd(Math.max(totalPaid - principal, 0))}</Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" className="dm-disclaimer">
        Principal and interest only; taxes, insurance and HOA dues are not included. Results are estimates.
      </Typography.Paragraph>
    </Modal>
  );
}
