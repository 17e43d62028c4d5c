import { Form } from 'antd';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { OwnedDeal } from '../../../shared/schemas/portfolio';
import { errorMessage } from '../../api/base-query';
import { applyServerFieldErrors } from '../../components/form-rules';
import { FormDialog } from './form-dialog';
import { useAddPortfolioPropertyMutation } from './portfolio-api';
import { PORTFOLIO_TEXT } from './portfolio-text';
import { PurchaseFields } from './purchase-fields';
import { LOAN_FIELD_NAMES, ownedDealBody, ownedDealValues, type PurchaseFormValues } from './purchase-values';

/** Adds an Owned pipeline deal to the portfolio: its purchase and loan (the projection comes from Dealmap's estimates). */
export function AddOwnedDialog({ deal, onClose }: { deal: OwnedDeal; onClose: () => void }) {
  const [form] = Form.useForm<PurchaseFormValues>();
  const [add, { isLoading }] = useAddPortfolioPropertyMutation();
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: PurchaseFormValues) => {
    setError(null);
    try {
      await add(ownedDealBody(deal.dealId, values)).unwrap();
      toast.success(PORTFOLIO_TEXT.added(deal.address));
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
      applyServerFieldErrors(form, failure, LOAN_FIELD_NAMES);
    }
  };

  return (
    <FormDialog<PurchaseFormValues>
      title={PORTFOLIO_TEXT.addOwnedTitle(deal.address)}
      name="add-owned"
      form={form}
      initialValues={ownedDealValues(deal)}
      okText={PORTFOLIO_TEXT.add}
      busy={isLoading}
      error={error}
      onCancel={onClose}
      onFinish={(values) => void submit(values)}
    >
      <PurchaseFields />
    </FormDialog>
  );
}
