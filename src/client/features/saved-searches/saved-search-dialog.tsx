import { Alert, Form, Input, Modal, Radio } from 'antd';
import { useState, type ReactNode } from 'react';
import type { AlertFrequency } from '../../../shared/vocabulary';
import { DEFAULT_ERROR_MESSAGE, errorMessage, type ApiError } from '../../api/base-query';
import { ALERT_CHOICES, SAVED_SEARCH_NAME_MAX, savedSearchNameProblem } from './saved-search-text';
import './saved-searches.css';

export interface SavedSearchFormValues {
  name: string;
  alert: AlertFrequency;
}

interface SavedSearchDialogProps {
  open: boolean;
  title: string;
  okText: string;
  initial: SavedSearchFormValues;
  /** Sends the trimmed name and the alert; a rejection with the server's error keeps the dialog open and shows it. */
  onSubmit: (values: SavedSearchFormValues) => Promise<unknown>;
  onCancel: () => void;
  /** Shown when the server gives no message of its own. */
  failureMessage: string;
  /** Shown above the form (what is being saved). */
  children?: ReactNode;
}

/**
 * A saved search's name and alert setting, for Save and for Edit. A name the server refuses (taken:
 * 409 with `fields.name`) shows on the field; any other refusal (the limit, the view) above the form.
 */
export function SavedSearchDialog({
  open,
  title,
  okText,
  initial,
  onSubmit,
  onCancel,
  failureMessage,
  children,
}: SavedSearchDialogProps) {
  const [form] = Form.useForm<SavedSearchFormValues>();
  const [busy, setBusy] = useState(false);
  const [generalError, setGeneralError] = useState<string | null>(null);

  const submit = async () => {
    const name = ((form.getFieldValue('name') as string | undefined) ?? '').trim();
    const alert = (form.getFieldValue('alert') as AlertFrequency | undefined) ?? initial.alert;
    const problem = savedSearchNameProblem(name);
    form.setFields([{ name: 'name', value: name, errors: problem ? [problem] : [] }]);
    if (problem) return;
    setBusy(true);
    setGeneralError(null);
    try {
      await onSubmit({ name, alert });
    } catch (error) {
      const own = errorMessage(error);
      const message = own === DEFAULT_ERROR_MESSAGE ? failureMessage : own;
      const onName = (error as Partial<ApiError>)?.fields?.name;
      if (onName) form.setFields([{ name: 'name', errors: [onName] }]);
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
      width={520}
      afterOpenChange={(visible) => {
        if (!visible) setGeneralError(null);
      }}
    >
      {children}
      {generalError ? <Alert type="error" showIcon title={generalError} className="dm-form-alert" role="alert" /> : null}
      <Form form={form} layout="vertical" initialValues={initial} onFinish={() => void submit()} preserve={false}>
        <Form.Item label="Name" name="name" required>
          <Input autoFocus maxLength={SAVED_SEARCH_NAME_MAX + 20} autoComplete="off" />
        </Form.Item>
        <fieldset className="dm-ss-alerts">
          <legend>Alerts</legend>
          <Form.Item name="alert" noStyle>
            <Radio.Group className="dm-ss-alert-choices">
              {ALERT_CHOICES.map((choice) => (
                <Radio key={choice.value} value={choice.value}>
                  <strong>{choice.label}</strong>
                  <span className="dm-ss-alert-description">{choice.description}</span>
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        </fieldset>
      </Form>
    </Modal>
  );
}
