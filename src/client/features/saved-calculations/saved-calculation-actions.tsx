import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { SavedCalculation } from '../../../shared/investor-types';
import { errorStatus } from '../../api/base-query';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CalculationNameDialog } from './calculation-name-dialog';
import { SAVED_CALCULATION_TEXT } from './saved-calculation-messages';
import { useDeleteSavedCalculationMutation, useRenameSavedCalculationMutation } from './saved-calculations-api';

interface SavedCalculationActionsProps {
  calculation: Pick<SavedCalculation, '_id' | 'name'>;
  /** After a successful delete (e.g. leave a page that showed it). */
  onDeleted?: () => void;
  size?: 'small' | 'middle';
}

/**
 * Rename and Delete of one saved calculation: a name dialog, and a Yes/No confirmation, each with a
 * toast. Used by the property page and the dashboard's list.
 */
export function SavedCalculationActions({ calculation, onDeleted, size = 'small' }: SavedCalculationActionsProps) {
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const [rename] = useRenameSavedCalculationMutation();
  const [remove, { isLoading: deleting }] = useDeleteSavedCalculationMutation();
  const close = () => setDialog(null);

  const submitRename = async (name: string) => {
    if (name !== calculation.name) await rename({ id: calculation._id, name }).unwrap();
    toast.success(SAVED_CALCULATION_TEXT.renamed);
    close();
  };

  const confirmDelete = async () => {
    if (!calculation._id) {
      toast.error(SAVED_CALCULATION_TEXT.invalidId);
      close();
      return;
    }
    try {
      await remove(calculation._id).unwrap();
      toast.success(SAVED_CALCULATION_TEXT.deleted);
      close();
      onDeleted?.();
    } catch (error) {
      close();
      if (errorStatus(error) === 404) {
        // Already gone (deleted in another tab): the list refreshes; whoever showed it moves on.
        toast.error(SAVED_CALCULATION_TEXT.alreadyGone);
        onDeleted?.();
      } else {
        toast.error(SAVED_CALCULATION_TEXT.deleteFailed);
      }
    }
  };

  return (
    <>
      <Space size={4} className="dm-saved-calc-actions">
        <Button size={size} onClick={() => setDialog('rename')} aria-label={`Rename ${calculation.name}`}>
          Rename
        </Button>
        <Button size={size} danger onClick={() => setDialog('delete')} aria-label={`Delete ${calculation.name}`}>
          Delete
        </Button>
      </Space>
      <CalculationNameDialog
        open={dialog === 'rename'}
        title="Rename saved calculation"
        okText="Rename"
        initialName={calculation.name}
        onSubmit={submitRename}
        onCancel={close}
        failureMessage={SAVED_CALCULATION_TEXT.renameFailed}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        title="Delete saved calculation"
        onYes={() => void confirmDelete()}
        onNo={close}
        busy={deleting}
        danger
      >
        <Typography.Paragraph>
          Delete <strong>{calculation.name}</strong>? This cannot be undone.
        </Typography.Paragraph>
      </ConfirmDialog>
    </>
  );
}
