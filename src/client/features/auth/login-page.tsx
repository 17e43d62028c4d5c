import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { validateLogin } from '../../../shared/validation';
import { errorMessage } from '../../api/base-query';
import { useLoginMutation } from './auth-api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { applyServerFieldErrors, sharedRule } from '../../components/form-rules';
import { returnTarget, selectToken, sessionStored, userLoaded } from '../session';
import { AuthCard } from './auth-card';

interface LoginValues {
  email: string;
  password: string;
}

export function LoginPage() {
  const [form] = Form.useForm<LoginValues>();
  const [login, { isLoading }] = useLoginMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = useAppSelector(selectToken);
  // Only a visitor who arrives with a stored session is sent on; a fresh sign-in navigates itself.
  const [hadSession] = useState(() => Boolean(token));
  const target = returnTarget(params.get('from'));

  if (hadSession) return <Navigate to="/app" replace />;

  const onFinish = async (values: LoginValues) => {
    setServerError(null);
    try {
      const session = await login({ username: values.email.trim(), password: values.password }).unwrap();
      dispatch(sessionStored(session));
      dispatch(userLoaded(session.user));
      void navigate(target, { replace: true });
    } catch (error) {
      setServerError(errorMessage(error));
      applyServerFieldErrors(form, error, { username: 'email' });
    }
  };

  return (
    <AuthCard
      title="Sign in to Dealmap"
      documentTitle="Sign in"
      subtitle="Welcome back. Pick up your deal research where you left off."
    >
      <Form form={form} name="login" layout="vertical" onFinish={(values) => void onFinish(values)} requiredMark noValidate>
        {serverError ? <Alert type="error" showIcon title={serverError} className="dm-form-alert" role="alert" /> : null}
        <Form.Item label="Email" name="email" required rules={[sharedRule(validateLogin, 'email')]}>
          <Input type="email" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="Password" name="password" required rules={[sharedRule(validateLogin, 'password')]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <div className="dm-form-row-end">
          <Link to="/forgotPassword">Forgot Password?</Link>
        </div>
        <Button type="primary" htmlType="submit" block size="large" loading={isLoading}>
          Sign In
        </Button>
      </Form>
      <p className="dm-auth-switch">
        New to Dealmap? <Link to="/signup">Create an account</Link>
      </p>
    </AuthCard>
  );
}

export default LoginPage;
