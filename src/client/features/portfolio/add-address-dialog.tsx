import { Form, Input } from 'antd';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../api/base-query';
import { applyServerFieldErrors } from '../../components/form-rules';
import { FormDialog } from './form-dialog';
import { useAddPortfolioPropertyMutation } from './portfolio-api';
import { PORTFOLIO_TEXT } from './portfolio-text';
import { FactsFields, PurchaseFields } from './purchase-fields';
import { addressBody, DEFAULT_TERM_YEARS, LOAN_FIELD_NAMES, type AddressFormValues } from './purchase-values';

const need = (what: string) => ({ required: true, whitespace: true, message: `Enter the ${what}` });

/** Adds a property Dealmap does not list (or one bought outside the pipeline) by its address. */
export function AddAddressDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<AddressFormValues>();
  const [add, { isLoading }] = useAddPortfolioPropertyMutation();
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: AddressFormValues) => {
    setError(null);
    const body = addressBody(values);
    try {
      await add(body).unwrap();
      toast.success(PORTFOLIO_TEXT.added(body.address ?? ''));
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
      applyServerFieldErrors(form, failure, LOAN_FIELD_NAMES);
    }
  };

  return (
    <FormDialog<AddressFormValues>
      title={PORTFOLIO_TEXT.addAddressTitle}
      name="add-address"
      form={form}
      initialValues={{ loanTerm: DEFAULT_TERM_YEARS }}
      okText={PORTFOLIO_TEXT.add}
      busy={isLoading}
      error={error}
      onCancel={onClose}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item label="Address" name="address" rules={[need('street address')]}>
        <Input autoComplete="street-address" maxLength={200} />
      </Form.Item>
      <div className="dm-portfolio-form-row">
        <Form.Item label="City" name="city" rules={[need('city')]}>
          <Input autoComplete="address-level2" maxLength={100} />
        </Form.Item>
        <Form.Item
          label="State"
          name="state"
          rules={[need('state'), { pattern: /^\s*[A-Za-z]{2}\s*$/, message: 'Two letters, as TX' }]}
        >
          <Input autoComplete="address-level1" maxLength={2} />
        </Form.Item>
        <Form.Item label="ZIP" name="zip" rules={[need('ZIP code'), { pattern: /^\s*\d{5}\s*$/, message: 'Five digits' }]}>
          <Input autoComplete="postal-code" inputMode="numeric" maxLength={5} />
        </Form.Item>
      </div>
      <FactsFields />
      <PurchaseFields />
    </FormDialog>
  );
}
