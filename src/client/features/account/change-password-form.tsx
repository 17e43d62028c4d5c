import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { ChangePasswordBody } from '../../../shared/investor-types';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, validateChangePassword } from '../../../shared/validation';
import { sharedRule } from '../../components/form-rules';
import { useChangePasswordMutation } from './account-api';
import { showFormError } from './form-errors';

export const PASSWORD_CHANGED = 'Password changed successfully';

/** Current password and New password through POST /changePassword. */
export function ChangePasswordForm() {
  const [form] = Form.useForm<ChangePasswordBody>();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [generalError, setGeneralError] = useState<string | null>(null);

  const onFinish = async (values: ChangePasswordBody) => {
    setGeneralError(null);
    try {
      await changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword }).unwrap();
      form.resetFields();
      toast.success(PASSWORD_CHANGED);
    } catch (error) {
      setGeneralError(showFormError(form, error));
    }
  };

  return (
    <Card title="Change password" className="dm-account-card">
      <Form
        form={form}
        name="change-password"
        layout="vertical"
        onFinish={(values) => void onFinish(values)}
        requiredMark
        noValidate
      >
        {generalError ? <Alert type="error" showIcon title={generalError} className="dm-form-alert" role="alert" /> : null}
        <Form.Item
          label="Current password"
          name="currentPassword"
          required
          rules={[sharedRule(validateChangePassword, 'currentPassword')]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="New password"
          name="newPassword"
          required
          rules={[sharedRule(validateChangePassword, 'newPassword')]}
          extra={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, different from the current one. Your other signed-in devices are signed out.`}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Change password
        </Button>
      </Form>
    </Card>
  );
}
