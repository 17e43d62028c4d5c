import { Alert, Button, Card, Form, Input, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import type { UserDetails } from '../../../shared/investor-types';
import { validateUserDetails } from '../../../shared/validation';
import { errorMessage } from '../../api/base-query';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { sharedRule } from '../../components/form-rules';
import { selectUser, userLoaded } from '../session';
import { useUpdateUserDetailsMutation, useUserDetailsQuery } from './account-api';
import { showFormError } from './form-errors';

export const DETAILS_UPDATED = 'User details updated successfully.';

const trimmed = (values: UserDetails): UserDetails => ({
  firstName: (values.firstName ?? '').trim(),
  lastName: (values.lastName ?? '').trim(),
  email: (values.email ?? '').trim(),
});

/** First name, Last name and Username/email through GET/PATCH /userDetails. */
export function UserDetailsForm() {
  const [form] = Form.useForm<UserDetails>();
  const details = useUserDetailsQuery();
  const [update, { isLoading: saving }] = useUpdateUserDetailsMutation();
  const [generalError, setGeneralError] = useState<string | null>(null);
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);

  useEffect(() => {
    if (details.data) form.setFieldsValue(details.data);
  }, [details.data, form]);

  const onFinish = async (values: UserDetails) => {
    setGeneralError(null);
    try {
      const saved = await update(trimmed(values)).unwrap();
      form.setFieldsValue(saved);
      // The header shows the name at once; the invalidated User query confirms it from the server.
      if (user) dispatch(userLoaded({ ...user, firstName: saved.firstName, lastName: saved.lastName, username: saved.email }));
      toast.success(DETAILS_UPDATED);
    } catch (error) {
      setGeneralError(showFormError(form, error, 'email'));
    }
  };

  return (
    <Card title="User details" className="dm-account-card">
      {details.isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : details.error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorMessage(details.error)}
          action={<Button onClick={() => void details.refetch()}>Try again</Button>}
        />
      ) : (
        <Form
          form={form}
          name="user-details"
          layout="vertical"
          onFinish={(values) => void onFinish(values)}
          requiredMark
          noValidate
        >
          {generalError ? <Alert type="error" showIcon title={generalError} className="dm-form-alert" role="alert" /> : null}
          <Form.Item label="First name" name="firstName" required rules={[sharedRule(validateUserDetails, 'firstName')]}>
            <Input autoComplete="given-name" maxLength={100} />
          </Form.Item>
          <Form.Item label="Last name" name="lastName" required rules={[sharedRule(validateUserDetails, 'lastName')]}>
            <Input autoComplete="family-name" maxLength={100} />
          </Form.Item>
          <Form.Item
            label="Username/email"
            name="email"
            required
            rules={[sharedRule(validateUserDetails, 'email')]}
            extra="You sign in with this address."
          >
            <Input type="email" autoComplete="email" maxLength={254} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            Save details
          </Button>
        </Form>
      )}
    </Card>
  );
}
