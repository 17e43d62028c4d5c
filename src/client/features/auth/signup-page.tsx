import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router-dom';
import { validateSignup } from '../../../shared/validation';
import { errorMessage } from '../../api/base-query';
import { useSignupMutation } from './auth-api';
import { useAppDispatch } from '../../app/hooks';
import { applyServerFieldErrors, sharedRule } from '../../components/form-rules';
import { sessionStored, userLoaded } from '../session';
import { AuthCard } from './auth-card';

interface SignupValues {
  email: string;
  password: string;
}

export function SignupPage() {
  const [form] = Form.useForm<SignupValues>();
  const [signup, { isLoading }] = useSignupMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const onFinish = async (values: SignupValues) => {
    setServerError(null);
    try {
      const session = await signup({ email: values.email.trim(), password: values.password }).unwrap();
      dispatch(sessionStored(session));
      dispatch(userLoaded(session.user));
      toast.success('Account created successfully!');
      void navigate('/app', { replace: true });
    } catch (error) {
      setServerError(errorMessage(error));
      applyServerFieldErrors(form, error, { username: 'email' });
    }
  };

  return (
    <AuthCard
      title="Create your account"
      documentTitle="Sign up"
      subtitle="Start researching deals in minutes. All you need is an email."
    >
      <Form form={form} name="signup" layout="vertical" onFinish={(values) => void onFinish(values)} noValidate>
        {serverError ? <Alert type="error" showIcon title={serverError} className="dm-form-alert" role="alert" /> : null}
        <Form.Item label="Email" name="email" required rules={[sharedRule(validateSignup, 'email')]}>
          <Input type="email" autoComplete="email" autoFocus />
        </Form.Item>
        <Form.Item
          label="Password"
          name="password"
          required
          rules={[sharedRule(validateSignup, 'password')]}
          extra="At least 8 characters."
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={isLoading}>
          Sign Up
        </Button>
      </Form>
      <p className="dm-auth-switch">
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </AuthCard>
  );
}

export default SignupPage;
