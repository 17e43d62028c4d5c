import { Input, Typography } from 'antd';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';

interface DeleteDialogProps {
  /** What is being deleted, as shown in the list ('Ada Lovelace', 'Austin, TX'). */
  name: string;
  /** 'User', 'Market', ... */
  entity: string;
  /** Users: the full name (or, without one, the email) that must be typed before Yes is enabled. */
  confirmName?: string;
  /** The typed value is an email, not a name. */
  confirmByEmail?: boolean;
  busy?: boolean;
  onYes: () => void;
  onNo: () => void;
}

export const TYPE_TO_CONFIRM = 'Type the full name to confirm';
/** A user without a name (self-signed-up) is confirmed by their email. */
export const TYPE_EMAIL_TO_CONFIRM = 'Type the email to confirm';

/** Delete confirmation. For users, Yes stays disabled until the typed full name matches exactly. */
export function DeleteDialog({ name, entity, confirmName, confirmByEmail, busy, onYes, onNo }: DeleteDialogProps) {
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const needsName = confirmName !== undefined;
  return (
    <ConfirmDialog
      open
      title={`Delete ${entity}`}
      onYes={onYes}
      onNo={onNo}
      busy={busy}
      danger
      yesDisabled={needsName && typed !== confirmName}
    >
      <Typography.Paragraph>
        Delete <strong>{name}</strong>? This cannot be undone.
      </Typography.Paragraph>
      {needsName ? (
        <div className="dm-confirm-name">
          <label htmlFor={inputId}>{confirmByEmail ? TYPE_EMAIL_TO_CONFIRM : TYPE_TO_CONFIRM}</label>
          <Typography.Text type="secondary" className="dm-confirm-hint">
            Type <Typography.Text code>{confirmName}</Typography.Text> exactly.
          </Typography.Text>
          <Input id={inputId} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" autoFocus />
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
