import { Alert, Form, Input, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import { DEFAULT_ERROR_MESSAGE, errorMessage, errorStatus, type ApiError } from '../../api/base-query';
import { calculationNameProblem } from './saved-calculation-messages';

interface CalculationNameDialogProps {
  open: boolean;
  title: string;
  okText: string;
  initialName: string;
  /** Sends the trimmed name; a rejection with the server's error keeps the dialog open and shows it. */
  onSubmit: (name: string) => Promise<unknown>;
  onCancel: () => void;
  /** Shown when the server gives no message of its own. */
  failureMessage: string;
  /** Shown above the name field (what is being saved). */
  children?: ReactNode;
}

/**
 * The name of a saved calculation, for Save and for Rename. A taken name (409) or a name the server
 * refuses shows on the field; any other failure shows above it. The dialog closes on success.
 */
export function CalculationNameDialog({
  open,
  title,
  okText,
  initialName,
  onSubmit,
  onCancel,
  failureMessage,
  children,
}: CalculationNameDialogProps) {
  const [form] = Form.useForm<{ name: string }>();
  const [busy, setBusy] = useState(false);
  const [generalError, setGeneralError] = useState<string | null>(null);

  const submit = async () => {
    const name = ((form.getFieldValue('name') as string | undefined) ?? '').trim();
    const problem = calculationNameProblem(name);
    form.setFields([{ name: 'name', value: name, errors: problem ? [problem] : [] }]);
    if (problem) return;
    setBusy(true);
    setGeneralError(null);
    try {
      await onSubmit(name);
    } catch (error) {
      const own = errorMessage(error);
      const message = own === DEFAULT_ERROR_MESSAGE ? failureMessage : own;
      const onField = errorStatus(error) === 409 || !!(error as Partial<ApiError>)?.fields?.name;
      if (onField) form.setFields([{ name: 'name', errors: [(error as ApiError).fields?.name ?? message] }]);
      else setGeneralError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      onOk={() => void submit()}
      onCancel={onCancel}
      confirmLoading={busy}
      destroyOnHidden
      width={480}
      afterOpenChange={(visible) => {
        if (!visible) setGeneralError(null);
      }}
    >
      {children}
      {generalError ? <Alert type="error" showIcon title={generalError} className="dm-form-alert" role="alert" /> : null}
      <Form form={form} layout="vertical" initialValues={{ name: initialName }} onFinish={() => void submit()} preserve={false}>
        <Form.Item label="Name" name="name" required>
          <Input autoFocus maxLength={200} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
