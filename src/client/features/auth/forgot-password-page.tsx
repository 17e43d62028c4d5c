import { Alert, Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { validateForgotPassword } from '../../../shared/validation';
import { errorMessage, errorStatus } from '../../api/base-query';
import { useForgotPasswordMutation } from './auth-api';
import { sharedRule } from '../../components/form-rules';
import { AuthCard } from './auth-card';

interface ForgotValues {
  email: string;
}

export function ForgotPasswordPage() {
  const [form] = Form.useForm<ForgotValues>();
  const [sendLink, { isLoading }] = useForgotPasswordMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onFinish = async (values: ForgotValues) => {
    setFailure(null);
    const email = values.email.trim();
    try {
      await sendLink({ username: email }).unwrap();
      setSentTo(email);
    } catch (error) {
      // Rate limiting (429) carries a human message worth showing; anything else stays generic.
      setFailure(errorStatus(error) === 429 ? errorMessage(error) : '');
    }
  };

  if (sentTo) {
    return (
      <div className="dm-auth-page">
        <Result
          status="success"
          title="Check Your Inbox"
          subTitle={`If an account exists for ${sentTo}, we've sent an email with a link to reset your password. It can take a few minutes to arrive; check your spam folder too.`}
          extra={<Link to="/login">Back to Sign In</Link>}
        />
      </div>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      documentTitle="Forgot password"
      subtitle="Enter the email you sign in with and we'll send you a reset link."
    >
      <Form form={form} name="forgotPassword" layout="vertical" onFinish={(values) => void onFinish(values)} noValidate>
        {failure !== null ? (
          <Alert
            type="error"
            showIcon
            title="Something went wrong"
            description={failure || undefined}
            className="dm-form-alert"
          />
        ) : null}
        <Form.Item label="Email" name="email" required rules={[sharedRule(validateForgotPassword, 'email')]}>
          <Input type="email" autoComplete="email" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={isLoading}>
          Send Reset Link
        </Button>
      </Form>
      <p className="dm-auth-switch">
        Remembered it? <Link to="/login">Back to Sign In</Link>
      </p>
    </AuthCard>
  );
}

export default ForgotPasswordPage;
