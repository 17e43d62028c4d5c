import { Alert, Button, Form, Modal, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { DIALOG_BODY_STYLE, useDialogWidth } from '../../components/use-dialog-width';

interface FormDialogProps<V> {
  title: string;
  /** The form's name: the prefix of its fields' ids. */
  name: string;
  form: FormInstance<V>;
  initialValues?: V;
  okText: string;
  busy: boolean;
  /** The server's message when the last try failed. */
  error: string | null;
  onCancel: () => void;
  onFinish: (values: V) => void;
  children: ReactNode;
}

/** A dialog around one form: Cancel and the submit button below it, the server's refusal above its fields. */
export function FormDialog<V extends object>({
  title,
  name,
  form,
  initialValues,
  okText,
  busy,
  error,
  onCancel,
  onFinish,
  children,
}: FormDialogProps<V>) {
  const width = useDialogWidth();
  return (
    <Modal
      open
      title={title}
      onCancel={onCancel}
      width={width}
      styles={{ body: DIALOG_BODY_STYLE }}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel}>
          Cancel
        </Button>,
        <Button key="submit" type="primary" loading={busy} onClick={() => form.submit()}>
          {okText}
        </Button>,
      ]}
    >
      <Form<V> form={form} name={name} layout="vertical" initialValues={initialValues} onFinish={onFinish} noValidate>
        {error ? <Alert type="error" showIcon title={error} className="dm-form-alert" role="alert" /> : null}
        {children}
      </Form>
    </Modal>
  );
}
