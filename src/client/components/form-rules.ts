import type { FormInstance, FormRule } from 'antd';
import type { FieldErrors } from '../../shared/validation';
import type { ApiError } from '../api/base-query';

/**
 * An Ant Design rule that runs one of the shared validators (src/shared/validation) over the
 * whole form and reports the message for `field`, word for word.
 */
export function sharedRule<V>(validate: (values: V) => FieldErrors, field: string): FormRule {
  return ({ getFieldsValue }) => ({
    validator: () => {
      const message = validate(getFieldsValue(true) as V)[field];
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  });
}

/** Puts the server's per-field messages (error.fields) on the matching form fields. */
export function applyServerFieldErrors(form: FormInstance, error: unknown, map: Record<string, string> = {}): void {
  const fields = (error as Partial<ApiError> | undefined)?.fields;
  if (!fields) return;
  const known = new Set(Object.keys(form.getFieldsValue(true) as object));
  form.setFields(
    Object.entries(fields)
      .map(([name, message]) => ({ name: map[name] ?? name, errors: [message] }))
      .filter((entry) => known.has(entry.name)),
  );
}
