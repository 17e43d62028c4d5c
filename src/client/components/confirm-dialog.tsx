import { Button, Modal } from 'antd';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  onYes: () => void;
  onNo: () => void;
  busy?: boolean;
  yesDisabled?: boolean;
  danger?: boolean;
}

/** A Yes/No confirmation (Ant Design Modal). */
export function ConfirmDialog({ open, title, children, onYes, onNo, busy, yesDisabled, danger }: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onNo}
      destroyOnHidden
      width={440}
      footer={[
        <Button key="no" onClick={onNo} disabled={busy}>
          No
        </Button>,
        <Button key="yes" type="primary" danger={danger} loading={busy} disabled={yesDisabled} onClick={onYes}>
          Yes
        </Button>,
      ]}
    >
      {children}
    </Modal>
  );
}
