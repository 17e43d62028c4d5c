import { Alert, Button, Form, Modal, Spin, type FormInstance } from 'antd';
import { useCallback, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { trimValues, type FieldErrors } from '../../../shared/validation';
import { applyServerFieldErrors } from '../../components/form-rules';
import { DIALOG_BODY_STYLE, useDialogWidth } from '../../components/use-dialog-width';
import { adminErrorMessage } from './admin-messages';

/** Closes an add/edit dialog back to its section list (users replace the history entry). */
export function useCloseToList(replace: boolean): () => void {
  const navigate = useNavigate();
  return useCallback(() => void navigate('..', { replace }), [navigate, replace]);
}

interface SubmitOptions<V> {
  form: FormInstance;
  validate: (values: V) => FieldErrors;
  send: (values: V) => Promise<unknown>;
  successMessage: string;
  failureDefault: string;
  withErrorField?: boolean;
  onDone: () => void;
}

/**
 * The admin form submit: trim every value, run the shared rules (field errors, nothing sent on
 * failure), send, then a success toast and close — or an error toast and a general form error.
 */
export function useAdminSubmit<V extends object>(options: SubmitOptions<V>) {
  const [submitting, setSubmitting] = useState(false);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const { form, validate, send, successMessage, failureDefault, withErrorField, onDone } = options;

  const run = async () => {
    const values = trimValues(form.getFieldsValue(true) as V);
    form.setFieldsValue(values);
    const errors = validate(values);
    const names = Object.keys(values);
    form.setFields(names.map((name) => ({ name, errors: errors[name] ? [errors[name]] : [] })));
    if (Object.keys(errors).length > 0) return;
    setSubmitting(true);
    setGeneralError(null);
    try {
      await send(values);
      toast.success(successMessage);
      onDone();
    } catch (error) {
      const message = adminErrorMessage(error, failureDefault, { withErrorField });
      toast.error(message);
      setGeneralError(message);
      applyServerFieldErrors(form, error);
    } finally {
      setSubmitting(false);
    }
  };
  /** For onSubmit: errors end in a toast and a general form error, never in a rejection. */
  const submit = () => void run();
  return { submit, submitting, generalError };
}

interface AdminFormDialogProps {
  title: string;
  submitText: string;
  form: FormInstance;
  name: string;
  onSubmit: () => void;
  onClose: () => void;
  submitting: boolean;
  loading?: boolean;
  /** The general error under the title (a failed call, or a failed load). */
  /** While true the form is not shown; it mounts with `initialValues` once the data is there. */
  generalError?: string | null;
  submitDisabled?: boolean;
  initialValues?: object;
  onValuesChange?: (changed: Record<string, unknown>, all: Record<string, unknown>) => void;
  children: ReactNode;
}

interface AdminDialogProps {
  title: string;
  /** The primary button at the right of Cancel. */
  action: { key: string; text: string; loading: boolean; disabled: boolean; onClick: () => void };
  onClose: () => void;
  children: ReactNode;
}

/** An admin dialog: an Ant Design Modal over the list, Cancel and one primary button in its footer. */
export function AdminDialog({ title, action, onClose, children }: AdminDialogProps) {
  const width = useDialogWidth();
  return (
    <Modal
      open
      title={title}
      width={width}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      styles={{ body: DIALOG_BODY_STYLE }}
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button key={action.key} type="primary" loading={action.loading} disabled={action.disabled} onClick={action.onClick}>
          {action.text}
        </Button>,
      ]}
    >
      {children}
    </Modal>
  );
}

/** An add/edit dialog: the admin dialog with the form and its submit button. */
export function AdminFormDialog(props: AdminFormDialogProps) {
  const { title, submitText, form, name, onSubmit, onClose, submitting, loading, generalError, submitDisabled } = props;
  return (
    <AdminDialog
      title={title}
      onClose={onClose}
      action={{
        key: 'submit',
        text: submitText,
        loading: submitting,
        disabled: Boolean(submitDisabled || loading),
        onClick: () => form.submit(),
      }}
    >
      {generalError ? <Alert type="error" showIcon title={generalError} className="dm-form-alert" role="alert" /> : null}
      {loading ? (
        <div className="dm-page-loading" role="status">
          <Spin />
          <span>Loading...</span>
        </div>
      ) : (
        <Form
          form={form}
          name={name}
          layout="vertical"
          requiredMark
          initialValues={props.initialValues}
          onValuesChange={props.onValuesChange}
          onFinish={onSubmit}
          onFinishFailed={() => undefined}
          className="dm-admin-form"
        >
          {props.children}
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </Form>
      )}
    </AdminDialog>
  );
}
