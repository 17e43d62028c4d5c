import { Alert, Button, Form, Input, Result, Spin } from 'antd';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { validateResetPassword } from '../../../shared/validation';
import { errorStatus } from '../../api/base-query';
import { useCheckResetTokenQuery, useResetPasswordMutation } from './auth-api';
import { sharedRule } from '../../components/form-rules';
import { AuthCard } from './auth-card';

interface ResetValues {
  password: string;
  confirmPassword: string;
}

export const EXPIRED_TITLE = 'Reset Password Link Expired';
export const EXPIRED_MESSAGE = 'Password reset token has expired';
export const GENERIC_FAILURE = "Hmmm...looks like something didn't work. We're on it!";

function RequestNewEmail() {
  return <Link to="/forgotPassword">Request a new reset email</Link>;
}

export function ExpiredLink() {
  return <Result status="warning" title={EXPIRED_TITLE} subTitle={EXPIRED_MESSAGE} extra={<RequestNewEmail />} />;
}

export function GenericFailure() {
  return <Result status="error" title={GENERIC_FAILURE} extra={<RequestNewEmail />} />;
}

export function PasswordResetPage() {
  const { token = '' } = useParams();
  const check = useCheckResetTokenQuery(token, { skip: !token, refetchOnMountOrArgChange: true });

  let content;
  if (!token) content = <GenericFailure />;
  else if (check.isLoading || check.isFetching) {
    content = (
      <div className="dm-page-loading" role="status">
        <Spin />
        <span>Checking your reset link...</span>
      </div>
    );
  } else if (check.isError) {
    content = errorStatus(check.error) === 408 ? <ExpiredLink /> : <GenericFailure />;
  } else content = <ResetForm token={token} />;

  return <div className="dm-auth-page">{content}</div>;
}

export function ResetForm({ token }: { token: string }) {
  const [form] = Form.useForm<ResetValues>();
  const [reset, { isLoading }] = useResetPasswordMutation();
  const [failure, setFailure] = useState<'expired' | 'failed' | null>(null);
  const navigate = useNavigate();

  const onFinish = async (values: ResetValues) => {
    setFailure(null);
    try {
      await reset({ password: values.password, passwordResetToken: token }).unwrap();
      toast.success('Password reset. Sign in with your new password.');
      void navigate('/login', { replace: true });
    } catch (error) {
      setFailure(errorStatus(error) === 408 ? 'expired' : 'failed');
    }
  };

  if (failure === 'expired') return <ExpiredLink />;

  return (
    <AuthCard
      title="Choose a new password"
      documentTitle="Reset password"
      subtitle="Use at least 8 characters. You'll sign in with it next."
    >
      <Form form={form} name="passwordReset" layout="vertical" onFinish={(values) => void onFinish(values)} noValidate>
        {failure === 'failed' ? <Alert type="error" showIcon title="Something went wrong" className="dm-form-alert" /> : null}
        <Form.Item
          label="New Password"
          name="password"
          required
          dependencies={['confirmPassword']}
          rules={[sharedRule(validateResetPassword, 'password')]}
        >
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          label="Confirm Password"
          name="confirmPassword"
          required
          dependencies={['password']}
          rules={[sharedRule(validateResetPassword, 'confirmPassword')]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={isLoading}>
          Reset Password
        </Button>
      </Form>
    </AuthCard>
  );
}

export default PasswordResetPage;
