import { AutoComplete, Button, Form, Input, InputNumber, Space, Tag, Tooltip, Typography } from 'antd';
import { AccessibleTable } from '../../components/accessible-table';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { Suspense, useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { Outlet, useNavigate, useParams } from 'react-router-dom';
import { formatDate, formatRoi } from '../../../shared/format';
import { validateRateForm, type RateFormValues } from '../../../shared/validation';
import { EditIcon, PlusIcon, TrashIcon, UploadIcon } from '../../components/icons';
import { PageLoading } from '../../components/page-loading';
import { sharedRule } from '../../components/form-rules';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { adminErrorMessage, serverMessageOr } from './admin-messages';
import { DeleteDialog } from './confirm-dialogs';
import { AdminFormDialog, useAdminSubmit, useCloseToList } from './form-dialog';
import {
  STATUS_POLL_MS,
  useAdminRateQuery,
  useAdminRatesQuery,
  useCreateRateMutation,
  useDeleteRateMutation,
  useRatesStatusQuery,
  useUpdateRateMutation,
  type Rate,
} from './rates-api';
import { RatesImportDialog } from './rates-import-dialog';
import { FeedStatus, RepriceProgress } from './rates-status';
import { listPagination, SEARCH_DEBOUNCE_MS, sortOrderOf, useListTable } from './table-helpers';

/** The products the form suggests (the PMMS ones); any other name may be typed. */
export const PRODUCT_SUGGESTIONS = ['30-Year Fixed', '15-Year Fixed', '5/1 ARM', '30-Year Jumbo'];

/** '30-Year Fixed, Nov 20, 2025': how a rate is named in buttons and confirmations. */
export const rateName = (r: Pick<Rate, 'product' | 'asOf'>) => `${r.product}, ${formatDate(r.asOf)}`;

const COLUMNS: ColumnsType<Rate> = [
  { title: 'Product', dataIndex: 'product', key: 'product', sorter: true },
  { title: 'Rate', dataIndex: 'rate', key: 'rate', sorter: true, render: (rate: number) => formatRoi(rate) },
  { title: 'Survey week', dataIndex: 'asOf', key: 'asOf', sorter: true, render: (asOf: string) => formatDate(asOf) },
  { title: 'Source', dataIndex: 'source', key: 'source', ellipsis: true, render: (source: string) => source || '—' },
];

/**
 * The admin Rates section: mortgage rates by product and survey week (newest first), searched by
 * product, sorted and paged; Add New and Edit open dialogs (child routes); Import CSV reads a PMMS
 * history file with a preview. The status above the table shows the re-pricing a new latest
 * 30-year rate starts and the weekly feed, polled while something runs.
 */
export function RatesSection() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { page, setPage, pageSize, sort, onTableChange } = useListTable<Rate>();
  const [toDelete, setToDelete] = useState<Rate | null>(null);
  const [importOpen, setImportOpen] = useState(false);

  const { data, isFetching, error } = useAdminRatesQuery({ q, page, pageSize, sort });
  const [deleteRate, deleting] = useDeleteRateMutation();
  const [poll, setPoll] = useState(false);
  const status = useRatesStatusQuery(undefined, { pollingInterval: poll ? STATUS_POLL_MS : 0 });
  const running = Boolean(status.data?.reprice.running || status.data?.feed.fetching);
  if (running !== poll) setPoll(running);

  // A search starts at page 1 (adjusted while rendering, React's pattern for state following a value).
  const [searched, setSearched] = useState(q);
  if (searched !== q) {
    setSearched(q);
    setPage(1);
  }

  useEffect(() => {
    if (error) toast.error(adminErrorMessage(error, 'Failed to load rates'), { id: 'admin-list-rates' });
  }, [error]);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteRate(toDelete._id).unwrap();
      toast.success('Rate deleted successfully');
    } catch (err) {
      toast.error(serverMessageOr(err, 'An error occurred while deleting the rate'));
    } finally {
      setToDelete(null);
    }
  };

  const columns: ColumnsType<Rate> = useMemo(
    () => [
      ...COLUMNS.map((c) => {
        if (!c.sorter) return c;
        return { ...c, sortOrder: sortOrderOf(sort, String(c.key)) };
      }),
      {
        title: 'Actions',
        key: 'actions',
        fixed: 'right' as const,
        width: 104,
        render: (_: unknown, rate: Rate) => (
          <Space size={4}>
            <Tooltip title="Edit">
              <Button
                type="text"
                aria-label={`Edit ${rateName(rate)}`}
                icon={<EditIcon />}
                onClick={() => void navigate(`edit/${encodeURIComponent(rate._id)}`)}
              />
            </Tooltip>
            <Tooltip title="Delete">
              <Button
                type="text"
                danger
                aria-label={`Delete ${rateName(rate)}`}
                icon={<TrashIcon />}
                onClick={() => setToDelete(rate)}
              />
            </Tooltip>
          </Space>
        ),
      },
    ],
    [sort, navigate],
  );

  const total = data?.total ?? 0;
  return (
    <section className="dm-admin-section" aria-labelledby="dm-admin-rates-title">
      <div className="dm-admin-section-head">
        <div className="dm-admin-section-title">
          <Typography.Title level={3} id="dm-admin-rates-title">
            Rates
          </Typography.Title>
          <Tag className="dm-admin-count">{`${total} ${total === 1 ? 'rate' : 'rates'}`}</Tag>
        </div>
        <Space wrap className="dm-admin-tools">
          <Button icon={<UploadIcon />} onClick={() => setImportOpen(true)}>
            Import CSV
          </Button>
          <Button type="primary" icon={<PlusIcon />} onClick={() => void navigate('add')}>
            Add New
          </Button>
        </Space>
      </div>

      {status.data ? (
        <div className="dm-rates-status">
          <RepriceProgress status={status.data.reprice} />
          <FeedStatus feed={status.data.feed} />
        </div>
      ) : null}

      <div className="dm-admin-toolbar">
        <Input.Search
          className="dm-admin-search"
          placeholder="Search products"
          aria-label="Search products"
          allowClear
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(value) => setSearch(value)}
        />
      </div>

      <AccessibleTable<Rate>
        aria-label="Rates"
        rowKey="_id"
        size="middle"
        columns={columns}
        dataSource={data?.items ?? []}
        loading={isFetching}
        onChange={onTableChange}
        scroll={{ x: 640, y: '65vh' }}
        locale={{ emptyText: q ? `No rates match "${q}"` : 'No rates yet' }}
        pagination={listPagination(page, pageSize, total)}
      />

      {toDelete ? (
        <DeleteDialog
          name={rateName(toDelete)}
          entity="Rate"
          busy={deleting.isLoading}
          onYes={() => void confirmDelete()}
          onNo={() => setToDelete(null)}
        />
      ) : null}
      {importOpen ? <RatesImportDialog onClose={() => setImportOpen(false)} /> : null}
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </section>
  );
}

type Values = RateFormValues;
const EMPTY: Values = { product: '30-Year Fixed', rate: null, asOf: null, source: '' };
const todayIso = () => dayjs().format('YYYY-MM-DD');
const validate = (values: Values) => validateRateForm(values, todayIso());

/** Add New / Edit rate: product (PMMS names suggested), rate in percent, survey week, source. */
export function RateDialog({ mode }: { mode: 'add' | 'edit' }) {
  const { id = '' } = useParams();
  const [form] = Form.useForm<Values>();
  const close = useCloseToList(false);
  const query = useAdminRateQuery(id, { skip: mode !== 'edit' || !id });
  const loadFailed = mode === 'edit' && (Boolean(query.error) || !id);
  const loadMessage = loadFailed ? adminErrorMessage(query.error, 'An error occurred while loading rate data') : null;
  useEffect(() => {
    if (loadMessage) toast.error(loadMessage, { id: 'admin-load-rate' });
  }, [loadMessage]);
  const item = mode === 'edit' && !loadFailed ? query.data : undefined;
  const initialValues = useMemo<Values>(
    () => (item ? { product: item.product, rate: item.rate, asOf: item.asOf, source: item.source } : EMPTY),
    [item],
  );

  const [createRate] = useCreateRateMutation();
  const [updateRate] = useUpdateRateMutation();
  const { submit, submitting, generalError } = useAdminSubmit<Values>({
    form,
    validate,
    send: (values) => {
      const body = { product: values.product, rate: Number(values.rate), asOf: String(values.asOf), source: values.source ?? '' };
      return mode === 'add' ? createRate(body).unwrap() : updateRate({ id, body }).unwrap();
    },
    successMessage: mode === 'add' ? 'Rate created successfully' : 'Rate updated successfully',
    failureDefault: mode === 'add' ? 'An error occurred while creating the rate' : 'An error occurred while updating the rate',
    onDone: close,
  });
  const rule = (field: string) => [sharedRule<Values>(validate, field)];

  return (
    <AdminFormDialog
      title={mode === 'add' ? 'Add New Rate' : 'Edit Rate'}
      submitText={mode === 'add' ? 'Create Rate' : 'Update Rate'}
      form={form}
      name={`${mode}-rate`}
      onSubmit={submit}
      onClose={close}
      submitting={submitting}
      loading={query.isLoading}
      generalError={generalError ?? loadMessage}
      submitDisabled={mode === 'edit' && !item}
      initialValues={initialValues}
    >
      <Form.Item label="Product" name="product" required rules={rule('product')}>
        <AutoComplete options={PRODUCT_SUGGESTIONS.map((value) => ({ value }))} />
      </Form.Item>
      <Form.Item
        label="Rate (%)"
        name="rate"
        required
        rules={rule('rate')}
        extra="The average rate in percent, e.g. 6.26. A new latest 30-Year Fixed rate re-prices every listing."
      >
        <InputNumber min={0} max={30} step={0.01} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="As of (survey week)" name="asOf" required rules={rule('asOf')}>
        <Input type="date" max={todayIso()} />
      </Form.Item>
      <Form.Item label="Source" name="source">
        <Input autoComplete="off" placeholder="Freddie Mac PMMS" maxLength={100} />
      </Form.Item>
    </AdminFormDialog>
  );
}

export const AddRate = () => <RateDialog mode="add" />;
export const EditRate = () => <RateDialog mode="edit" />;
export default RatesSection;
