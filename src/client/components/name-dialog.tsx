import { Alert, Form, Input, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import { DEFAULT_ERROR_MESSAGE, errorMessage, errorStatus, type ApiError } from '../api/base-query';

/** What a feature's dialog takes from its caller. */
export interface NameDialogCallerProps<V extends { name: string }> {
  open: boolean;
  title: string;
  okText: string;
  /** The form's first values: the name, and those of `fields`. */
  initial: V;
  /** Sends the values with the name trimmed; a rejection with the server's error keeps the dialog open and shows it. */
  onSubmit: (values: V) => Promise<unknown>;
  onCancel: () => void;
  /** Shown when the server gives no message of its own. */
  failureMessage: string;
  /** Shown above the form (what is being saved). */
  children?: ReactNode;
}

export interface NameDialogProps<V extends { name: string }> extends NameDialogCallerProps<V> {
  /** The client's own check of the name; null when it is fine. */
  nameProblem: (name: string) => string | null;
  nameMaxLength: number;
  /** A 409 is about the name (it is taken) even without `fields.name`. */
  conflictIsName?: boolean;
  width: number;
  /** More form fields, below the name (named after members of `initial`). */
  fields?: ReactNode;
}

/**
 * A name (and whatever `fields` adds) for Save, Rename or Edit. A name the server refuses shows on the
 * field; any other failure above the form. The caller closes the dialog on success.
 */
export function NameDialog<V extends { name: string }>({
  open,
  title,
  okText,
  initial,
  onSubmit,
  onCancel,
  failureMessage,
  nameProblem,
  nameMaxLength,
  conflictIsName = false,
  width,
  fields,
  children,
}: NameDialogProps<V>) {
  // Untyped: antd's field paths do not resolve for a generic V.
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [generalError, setGeneralError] = useState<string | null>(null);

  const submit = async () => {
    const name = ((form.getFieldValue('name') as string | undefined) ?? '').trim();
    const problem = nameProblem(name);
    form.setFields([{ name: 'name', value: name, errors: problem ? [problem] : [] }]);
    if (problem) return;
    const values = { ...initial, name };
    for (const key of Object.keys(initial) as Array<keyof V & string>) {
      if (key !== 'name') values[key] = (form.getFieldValue(key) as V[typeof key] | undefined) ?? initial[key];
    }
    setBusy(true);
    setGeneralError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      const own = errorMessage(error);
      const message = own === DEFAULT_ERROR_MESSAGE ? failureMessage : own;
      const onName = (error as Partial<ApiError>)?.fields?.name;
      if (onName || (conflictIsName && errorStatus(error) === 409))
        form.setFields([{ name: 'name', errors: [onName ?? message] }]);
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
      width={width}
      afterOpenChange={(visible) => {
        if (!visible) setGeneralError(null);
      }}
    >
      {children}
      {generalError ? <Alert type="error" showIcon title={generalError} className="dm-form-alert" role="alert" /> : null}
      <Form form={form} layout="vertical" initialValues={initial} onFinish={() => void submit()} preserve={false}>
        <Form.Item label="Name" name="name" required>
          <Input autoFocus maxLength={nameMaxLength} autoComplete="off" />
        </Form.Item>
        {fields}
      </Form>
    </Modal>
  );
}
