import { Form } from 'antd';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { PortfolioProperty } from '../../../shared/schemas/portfolio';
import { errorMessage } from '../../api/base-query';
import { applyServerFieldErrors } from '../../components/form-rules';
import { FormDialog } from './form-dialog';
import { PlanFields } from './plan-fields';
import { useUpdatePortfolioPropertyMutation } from './portfolio-api';
import { PORTFOLIO_TEXT } from './portfolio-text';
import { FactsFields, PurchaseFields } from './purchase-fields';
import { editValues, LOAN_FIELD_NAMES, updateBody, type EditFormValues } from './purchase-values';

/** Edits what was bought, how, and the projection made then (PATCH). */
export function EditPropertyDialog({ property, onClose }: { property: PortfolioProperty; onClose: () => void }) {
  const [form] = Form.useForm<EditFormValues>();
  const [update, { isLoading }] = useUpdatePortfolioPropertyMutation();
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: EditFormValues) => {
    setError(null);
    try {
      await update({ id: property._id, changes: updateBody(values) }).unwrap();
      toast.success(PORTFOLIO_TEXT.saved);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
      applyServerFieldErrors(form, failure, LOAN_FIELD_NAMES);
    }
  };

  return (
    <FormDialog<EditFormValues>
      title={PORTFOLIO_TEXT.editTitle}
      name="edit-property"
      form={form}
      initialValues={editValues(property)}
      okText={PORTFOLIO_TEXT.save}
      busy={isLoading}
      error={error}
      onCancel={onClose}
      onFinish={(values) => void submit(values)}
    >
      <FactsFields />
      <PurchaseFields />
      <PlanFields />
    </FormDialog>
  );
}
