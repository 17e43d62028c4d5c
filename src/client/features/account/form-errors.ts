import type { FormInstance } from 'antd';
import { errorMessage, errorStatus, type ApiError } from '../../api/base-query';
import { applyServerFieldErrors } from '../../components/form-rules';

/**
 * Shows a failed account call: the server's per-field messages go on their fields (a conflict with
 * no field goes on `conflictField`); the message is returned for the form's general error unless a
 * field already shows it.
 */
export function showFormError(form: FormInstance, error: unknown, conflictField?: string): string | null {
  const message = errorMessage(error);
  const fields = (error as Partial<ApiError> | undefined)?.fields;
  if (fields && Object.keys(fields).length > 0) {
    applyServerFieldErrors(form, error);
    return Object.values(fields).includes(message) ? null : message;
  }
  if (conflictField && errorStatus(error) === 409) {
    form.setFields([{ name: conflictField, errors: [message] }]);
    return null;
  }
  return message;
}
