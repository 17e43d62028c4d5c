import { Button, Col, Form, Input, Row, Select, Space, Switch } from 'antd';
import type { AccountType } from '../../../shared/validation';
import { useEffect, useMemo } from 'react';
import toast from 'react-hot-toast';
import { useParams } from 'react-router-dom';
import type { Account, Role } from '../../../shared/api-types';
import { validateUserForm, type UserFormValues } from '../../../shared/validation';
import { sharedRule } from '../../components/form-rules';
import { addTitle, adminErrorMessage, createButton, editTitle, loadDefault, updateButton } from './admin-messages';
import { createFailedMessage, createdMessage, updateFailedMessage, updatedMessage } from '../../../shared/outcome-messages';
import {
  useAddUserDataQuery,
  useCreateUserMutation,
  useEditUserDataQuery,
  useUpdateUserMutation,
  type UserPayload,
} from './admin-settings-api';
import { AdminFormDialog, useAdminSubmit, useCloseToList } from './form-dialog';

export const NO_RESULTS = 'No results';

/**
 * The account type toggle: two buttons acting as radios. Buttons rather than labelled radio inputs,
 * so the "Account" label names the account select alone.
 */
function AccountTypeToggle({ value, onChange }: { value?: AccountType; onChange?: (value: AccountType) => void }) {
  const options: Array<{ value: AccountType; label: string }> = [
    { value: 'new', label: 'New Account' },
    { value: 'existing', label: 'Existing Account' },
  ];
  return (
    <div role="radiogroup" aria-label="Membership" className="dm-account-type">
      <Space.Compact block>
        {options.map((option) => (
          <Button
            key={option.value}
            role="radio"
            aria-checked={value === option.value}
            type={value === option.value ? 'primary' : 'default'}
            onClick={() => onChange?.(option.value)}
          >
            {option.label}
          </Button>
        ))}
      </Space.Compact>
    </div>
  );
}

const EMPTY_USER: UserFormValues = {
  firstName: '',
  lastName: '',
  username: '',
  password: '',
  active: false,
  accountType: 'existing',
  accountName: '',
};

/** The POST /user and PUT /user/{id} body, plus accountType. */
export function userPayload(values: UserFormValues, accounts: Account[], mode: 'add' | 'edit'): UserPayload {
  const isNew = values.accountType === 'new';
  const accountId = isNew ? '' : (values.accountId ?? '');
  const accountName = isNew
    ? (values.accountName ?? '')
    : (accounts.find((a) => a._id === accountId)?.name ?? values.accountName ?? '');
  const body: UserPayload = {
    active: Boolean(values.active),
    firstName: values.firstName,
    lastName: values.lastName,
    ...(mode === 'add' ? { password: values.password ?? '' } : {}),
    roleId: values.roleId ?? '',
    username: values.username,
    accountId,
    accountName,
    accountType: isNew ? 'new' : 'existing',
  };
  return body;
}

/** Add New User / Edit User (routes users/add and users/edit/:id). */
export function UserDialog({ mode }: { mode: 'add' | 'edit' }) {
  const { id = '' } = useParams();
  const [form] = Form.useForm<UserFormValues>();
  const close = useCloseToList(true);
  const addQuery = useAddUserDataQuery(undefined, { skip: mode !== 'add' });
  const editQuery = useEditUserDataQuery(id, { skip: mode !== 'edit' || !id });
  const query = mode === 'add' ? addQuery : editQuery;
  const loadFailed = Boolean(query.error) || (mode === 'edit' && !id);

  // A failed load: the lists come back empty and the entity is null.
  const accounts: Account[] = useMemo(() => (loadFailed ? [] : (query.data?.accounts ?? [])), [loadFailed, query.data]);
  const roles: Role[] = loadFailed ? [] : (query.data?.roles ?? []);
  const user = mode === 'edit' && !loadFailed ? (editQuery.data?.user ?? null) : null;

  useEffect(() => {
    if (loadFailed) toast.error(adminErrorMessage(query.error, loadDefault('user')), { id: 'admin-load-user' });
  }, [loadFailed, query.error]);

  // The form mounts once the user is there, with its values (so nothing typed is overwritten).
  const initialValues: UserFormValues = useMemo(
    () =>
      user
        ? {
            firstName: user.firstName ?? '',
            lastName: user.lastName ?? '',
            username: user.username ?? user.loginId ?? '',
            roleId: user.roleId,
            active: Boolean(user.active),
            accountType: user.accountId ? 'existing' : 'new',
            accountId: user.accountId ?? undefined,
            accountName: user.accountName ?? '',
          }
        : EMPTY_USER,
    [user],
  );

  const [createUser] = useCreateUserMutation();
  const [updateUser] = useUpdateUserMutation();
  const formMode = mode === 'add' ? 'create' : 'edit';
  const validate = (values: UserFormValues) => validateUserForm(values, formMode);
  const { submit, submitting, generalError } = useAdminSubmit<UserFormValues>({
    form,
    validate,
    send: (values) =>
      mode === 'add'
        ? createUser(userPayload(values, accounts, mode)).unwrap()
        : updateUser({ id, body: userPayload(values, accounts, mode) }).unwrap(),
    successMessage: mode === 'add' ? createdMessage('User') : updatedMessage('User'),
    failureDefault: mode === 'add' ? createFailedMessage('user') : updateFailedMessage('user'),
    withErrorField: mode === 'edit',
    onDone: close,
  });

  const accountType = Form.useWatch('accountType', form) ?? initialValues.accountType;
  const rule = (field: string) => [sharedRule<UserFormValues>(validate, field)];

  const onValuesChange = (changed: Record<string, unknown>) => {
    if (changed.accountType === 'new') {
      // Switching to a new account clears the name and the chosen account.
      form.setFieldValue('accountId', undefined);
      form.setFieldValue('accountName', '');
      form.setFields([{ name: 'accountId', errors: [] }]);
    } else if (changed.accountType === 'existing') {
      form.setFieldsValue({ accountName: '' });
      form.setFields([{ name: 'accountName', errors: [] }]);
    }
    if ('accountId' in changed) {
      // Choosing an existing account fills in its name.
      const chosen = accounts.find((a) => a._id === changed.accountId);
      form.setFieldsValue({ accountName: chosen?.name ?? '' });
    }
  };

  return (
    <AdminFormDialog
      title={mode === 'add' ? addTitle('User') : editTitle('User')}
      submitText={mode === 'add' ? createButton('User') : updateButton('User')}
      form={form}
      name={mode === 'add' ? 'add-user' : 'edit-user'}
      onSubmit={submit}
      onClose={close}
      submitting={submitting}
      loading={query.isLoading}
      generalError={generalError ?? (loadFailed ? adminErrorMessage(query.error, loadDefault('user')) : null)}
      submitDisabled={mode === 'edit' && !user}
      initialValues={initialValues}
      onValuesChange={onValuesChange}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label="First name" name="firstName" required rules={rule('firstName')}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Last name" name="lastName" required rules={rule('lastName')}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Username/email" name="username" required rules={rule('username')}>
        <Input type="email" autoComplete="off" />
      </Form.Item>
      {mode === 'add' ? (
        <Form.Item label="Password" name="password" required rules={rule('password')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      ) : null}
      <Form.Item label="Role" name="roleId" required rules={rule('roleId')}>
        <Select
          placeholder="Choose a role"
          virtual={false}
          notFoundContent={NO_RESULTS}
          options={roles.map((r) => ({ value: r._id, label: r.name }))}
        />
      </Form.Item>
      <Form.Item name="accountType">
        <AccountTypeToggle />
      </Form.Item>
      {accountType === 'new' ? (
        <Form.Item label="New account name" name="accountName" required rules={rule('accountName')}>
          <Input autoComplete="off" />
        </Form.Item>
      ) : (
        <Form.Item label="Account" name="accountId" required rules={rule('accountId')}>
          <Select
            placeholder="Choose an account"
            virtual={false}
            showSearch={{ optionFilterProp: 'label' }}
            notFoundContent={NO_RESULTS}
            options={accounts.map((a) => ({ value: a._id, label: a.name }))}
          />
        </Form.Item>
      )}
      <Form.Item label="Active" name="active" valuePropName="checked">
        <Switch />
      </Form.Item>
    </AdminFormDialog>
  );
}
