import { DatePicker, Form, Input, InputNumber } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { PORTFOLIO_LIMITS as L } from '../../../shared/portfolio/limits';
import type { PortfolioMonth } from '../../../shared/schemas/portfolio';
import { errorMessage } from '../../api/base-query';
import { applyServerFieldErrors } from '../../components/form-rules';
import { monthText } from './figure-text';
import { FormDialog } from './form-dialog';
import { editMonthValues, actualsOf, newMonthValues, type MonthFormValues } from './month-values';
import { useSavePortfolioMonthMutation } from './portfolio-api';
import { PORTFOLIO_TEXT } from './portfolio-text';
import { MoneyInput } from './purchase-fields';
import { MONTH_FORMAT } from './purchase-values';

interface MonthDialogProps {
  propertyId: string;
  purchaseDate: string;
  months: readonly PortfolioMonth[];
  /** The month to edit; none to add one. */
  editing?: PortfolioMonth;
  onClose: () => void;
}

const need = (what: string) => [{ required: true, message: `Enter the ${what}` }];

/** Adds or edits one month's actuals (PUT .../months/YYYY-MM); the month of an entered one stays as it is. */
export function MonthDialog({ propertyId, purchaseDate, months, editing, onClose }: MonthDialogProps) {
  const [form] = Form.useForm<MonthFormValues>();
  const [save, { isLoading }] = useSavePortfolioMonthMutation();
  const [error, setError] = useState<string | null>(null);
  const chosen = Form.useWatch<Dayjs | null | undefined>('month', form);
  const replaces = !editing && chosen ? months.some((m) => m.month === chosen.format(MONTH_FORMAT)) : false;
  const firstMonth = dayjs(purchaseDate).startOf('month');
  const outside = (day: Dayjs) => day.isBefore(firstMonth, 'month') || day.isAfter(dayjs(), 'month');

  const submit = async (values: MonthFormValues) => {
    setError(null);
    const month = values.month?.format(MONTH_FORMAT) ?? '';
    try {
      await save({ id: propertyId, month, actuals: actualsOf(values) }).unwrap();
      toast.success(PORTFOLIO_TEXT.monthSaved(monthText(month)));
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
      applyServerFieldErrors(form, failure);
    }
  };

  return (
    <FormDialog<MonthFormValues>
      title={editing ? PORTFOLIO_TEXT.editMonth(monthText(editing.month)) : PORTFOLIO_TEXT.addMonth}
      name="month"
      form={form}
      initialValues={editing ? editMonthValues(editing) : newMonthValues(months, purchaseDate)}
      okText={PORTFOLIO_TEXT.save}
      busy={isLoading}
      error={error}
      onCancel={onClose}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item label="Month" name="month" rules={need('month')} extra={replaces ? PORTFOLIO_TEXT.monthExists : undefined}>
        <DatePicker
          picker="month"
          className="dm-portfolio-input"
          format={MONTH_FORMAT}
          placeholder={MONTH_FORMAT}
          disabledDate={outside}
          disabled={Boolean(editing)}
        />
      </Form.Item>
      <div className="dm-portfolio-form-row">
        <Form.Item label="Rent" name="rent" rules={need('rent collected')} extra="Collected this month">
          <MoneyInput max={L.maxMonthly} />
        </Form.Item>
        <Form.Item label="Vacant days" name="vacantDays" rules={need('vacant days')}>
          <InputNumber<number> className="dm-portfolio-input" min={0} max={31} precision={0} />
        </Form.Item>
        <Form.Item label="Expenses" name="expenses" rules={need('expenses')} extra="Operating costs, not the loan">
          <MoneyInput max={L.maxMonthly} />
        </Form.Item>
      </div>
      <Form.Item label="Note" name="note">
        <Input.TextArea rows={2} maxLength={L.maxNoteLength} showCount />
      </Form.Item>
    </FormDialog>
  );
}
