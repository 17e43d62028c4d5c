import { Form, Input, Select, Switch } from 'antd';
import { useEffect, useMemo, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useParams } from 'react-router-dom';
import { US_STATES } from '../../../shared/us-states';
import { validateAccountForm, validateMarketForm, validateNamedItemForm, type FieldErrors } from '../../../shared/validation';
import { sharedRule } from '../../components/form-rules';
import { addTitle, adminErrorMessage, createButton, editTitle, loadDefault, sectionTexts, updateButton } from './admin-messages';
import { createFailedMessage, createdMessage, updateFailedMessage, updatedMessage } from '../../../shared/outcome-messages';
import { useAdminItemQuery, useCreateItemMutation, useUpdateItemMutation, type SectionKey } from './admin-settings-api';
import { AdminFormDialog, useAdminSubmit, useCloseToList } from './form-dialog';
import { NO_RESULTS } from './user-dialog';

type ItemSection = Exclude<SectionKey, 'users'>;
type Values = Record<string, unknown>;

export const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: `${s.code} — ${s.name}` }));

interface ItemForm {
  validate: (values: Values) => FieldErrors;
  empty: Values;
  /** The POST body; PUT adds `_id` first. */
  body: (values: Values) => Values;
  fields: (rule: (field: string) => ReturnType<typeof sharedRule>[]) => ReactNode;
}

const activeField = (
  <Form.Item label="Active" name="active" valuePropName="checked">
    <Switch />
  </Form.Item>
);

const namedItemForm: ItemForm = {
  validate: (v) => validateNamedItemForm(v),
  empty: { name: '', description: '', active: false },
  body: (v) => ({ name: v.name, description: v.description, active: Boolean(v.active) }),
  fields: (rule) => (
    <>
      <Form.Item label="Name" name="name" required rules={rule('name')}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Description" name="description" required rules={rule('description')}>
        <Input.TextArea rows={3} />
      </Form.Item>
      {activeField}
    </>
  ),
};

export const ITEM_FORMS: Record<ItemSection, ItemForm> = {
  markets: {
    validate: (v) => validateMarketForm(v),
    empty: { city: '', state: undefined, description: '', active: false },
    body: (v) => ({ city: v.city, state: v.state, description: v.description ?? '', active: Boolean(v.active) }),
    fields: (rule) => (
      <>
        <Form.Item label="City" name="city" required rules={rule('city')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="State" name="state" required rules={rule('state')}>
          <Select
            placeholder="Choose a state"
            virtual={false}
            showSearch={{ optionFilterProp: 'label' }}
            notFoundContent={NO_RESULTS}
            options={STATE_OPTIONS}
          />
        </Form.Item>
        <Form.Item label="Description" name="description">
          <Input.TextArea rows={3} />
        </Form.Item>
        {activeField}
      </>
    ),
  },
  interests: namedItemForm,
  strategies: namedItemForm,
  accounts: {
    validate: (v) => validateAccountForm(v),
    empty: { name: '', active: false },
    body: (v) => ({ name: v.name, active: Boolean(v.active) }),
    fields: (rule) => (
      <>
        <Form.Item label="Name" name="name" required rules={rule('name')}>
          <Input autoComplete="off" />
        </Form.Item>
        {activeField}
      </>
    ),
  },
};

/** Add New / Edit dialog of markets, interests, strategies and accounts. */
export function ItemDialog({ section, mode }: { section: ItemSection; mode: 'add' | 'edit' }) {
  const { id = '' } = useParams();
  const texts = sectionTexts(section);
  const config = ITEM_FORMS[section];
  const [form] = Form.useForm<Values>();
  const close = useCloseToList(false);
  const query = useAdminItemQuery({ section, id }, { skip: mode !== 'edit' || !id });
  const loadFailed = mode === 'edit' && (Boolean(query.error) || !id);
  const item = mode === 'edit' && !loadFailed ? ((query.data as Values | undefined) ?? null) : null;
  const loadMessage = loadFailed ? adminErrorMessage(query.error, loadDefault(texts.thing)) : null;

  useEffect(() => {
    if (loadMessage) toast.error(loadMessage, { id: `admin-load-${texts.thing}` });
  }, [loadMessage, texts.thing]);

  // The form mounts once the item is there, with its values (so nothing typed is overwritten).
  const initialValues = useMemo(() => {
    if (!item) return config.empty;
    const values: Values = {};
    for (const key of Object.keys(config.empty)) values[key] = item[key] ?? config.empty[key];
    values.active = Boolean(item.active);
    return values;
  }, [item, config]);

  const [createItem] = useCreateItemMutation();
  const [updateItem] = useUpdateItemMutation();
  const { submit, submitting, generalError } = useAdminSubmit<Values>({
    form,
    validate: config.validate,
    send: (values) =>
      mode === 'add'
        ? createItem({ section, body: config.body(values) }).unwrap()
        : updateItem({ section, id, body: { _id: id, ...config.body(values) } }).unwrap(),
    successMessage: mode === 'add' ? createdMessage(texts.entity) : updatedMessage(texts.entity),
    failureDefault: mode === 'add' ? createFailedMessage(texts.thing) : updateFailedMessage(texts.thing),
    onDone: close,
  });

  return (
    <AdminFormDialog
      title={mode === 'add' ? addTitle(texts.entity) : editTitle(texts.entity)}
      submitText={mode === 'add' ? createButton(texts.entity) : updateButton(texts.entity)}
      form={form}
      name={`${mode}-${texts.thing}`}
      onSubmit={submit}
      onClose={close}
      submitting={submitting}
      loading={query.isLoading}
      generalError={generalError ?? loadMessage}
      submitDisabled={mode === 'edit' && !item}
      initialValues={initialValues}
    >
      {config.fields((field) => [sharedRule<Values>(config.validate, field)])}
    </AdminFormDialog>
  );
}
