import { Button, Input, Space, Tag, Tooltip, Typography } from 'antd';
import { AccessibleTable } from '../../components/accessible-table';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import dayjs from 'dayjs';
import { Suspense, useEffect, useMemo, useState, type Key, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Outlet, useNavigate } from 'react-router-dom';
import { invalidIdMessage } from '../../../shared/validation';
import { DownloadIcon, EditIcon, PlusIcon, TrashIcon, UploadIcon } from '../../components/icons';
import { PageLoading } from '../../components/page-loading';
import {
  bulkQuestion,
  bulkSummary,
  countOf,
  deleteErrorMessage,
  listErrorMessage,
  searchPlaceholder,
  sectionTexts,
  serverMessageOr,
} from './admin-messages';
import { deletedMessage } from '../../../shared/outcome-messages';
import {
  useAdminListQuery,
  useBulkActionMutation,
  useDeleteItemMutation,
  useExportCsvMutation,
  type BulkAction,
  type SectionItemTypes,
  type SectionKey,
} from './admin-settings-api';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DeleteDialog } from './confirm-dialogs';
import { CsvImportDialog } from './csv-import-dialog';
import { downloadText } from '../../components/download-text';
import { listPagination, SEARCH_DEBOUNCE_MS, sortOrderOf, useListTable } from './table-helpers';

interface SectionListProps<S extends SectionKey> {
  section: S;
  /** The section's columns; `sorter: true` columns sort on the server by their `key`. */
  columns: ColumnsType<SectionItemTypes[S]>;
  /** How a row is named in aria-labels and confirmations. */
  rowName: (item: SectionItemTypes[S]) => string;
  /** Users: the full name that must be typed to delete. */
  confirmName?: (item: SectionItemTypes[S]) => string;
  /** The width below which the table scrolls sideways (px). */
  minWidth?: number;
  /** Row actions of this section only, shown before Edit (markets: Assumptions). */
  extraActions?: (item: SectionItemTypes[S], name: string) => ReactNode;
}

const BULK_ACTIONS: Array<{ action: BulkAction; text: string; danger?: boolean }> = [
  { action: 'activate', text: 'Activate' },
  { action: 'deactivate', text: 'Deactivate' },
  { action: 'delete', text: 'Delete', danger: true },
];

/**
 * One admin section: count, debounced server-side search, Add New, Export/Import CSV, a paged and
 * sorted table (scrolls within 65vh) with row selection, bulk actions, per-row edit and delete,
 * and the add/edit dialogs rendered by the child routes over the list.
 */
export function SectionList<S extends SectionKey>({
  section,
  columns,
  rowName,
  confirmName,
  minWidth = 720,
  extraActions,
}: SectionListProps<S>) {
  type Item = SectionItemTypes[S];
  const texts = sectionTexts(section);
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { page, setPage, pageSize, sort, onTableChange } = useListTable<Item>();
  const [selected, setSelected] = useState<Key[]>([]);
  const [selectedRows, setSelectedRows] = useState<Item[]>([]);
  const [allMatching, setAllMatching] = useState(false);
  const [bulk, setBulk] = useState<BulkAction | null>(null);
  const [toDelete, setToDelete] = useState<Item | null>(null);
  const [importOpen, setImportOpen] = useState(false);

  const { data, isFetching, error } = useAdminListQuery({ section, q, page, pageSize, sort });
  const [deleteItem, deleting] = useDeleteItemMutation();
  const [bulkAction, bulking] = useBulkActionMutation();
  const [exportCsv, exporting] = useExportCsvMutation();

  const items = (data?.items ?? []) as Item[];
  const total = data?.total ?? 0;

  // A new search starts at page 1; "all matching" meant the previous search. Rows picked by hand
  // stay picked (the bulk call names them by id), so a search that lands mid-selection loses nothing.
  // Adjusted while rendering (React's pattern for state that follows a changed value), not in an effect.
  const [searched, setSearched] = useState(q);
  if (searched !== q) {
    setSearched(q);
    setPage(1);
    setAllMatching(false);
  }

  useEffect(() => {
    if (error) toast.error(listErrorMessage(error, section), { id: `admin-list-${section}` });
  }, [error, section]);

  const selectedCount = allMatching ? total : selected.length;
  /** Only the actions that would change something: Activate needs an inactive row, Deactivate an active one. */
  const offers = (action: BulkAction) => {
    if (action === 'delete' || allMatching || selected.length === 0) return true;
    const rows = selectedRows.filter((row) => row && selected.includes(row._id));
    if (rows.length < selected.length) return true;
    return rows.some((row) => (action === 'activate' ? !row.active : row.active));
  };
  const clearSelection = () => {
    setSelected([]);
    setSelectedRows([]);
    setAllMatching(false);
  };

  const confirmDelete = async () => {
    const item = toDelete;
    if (!item) return;
    if (!item._id) {
      toast.error(invalidIdMessage(texts.thing));
      setToDelete(null);
      return;
    }
    try {
      await deleteItem({ section, id: item._id }).unwrap();
      toast.success(deletedMessage(texts.entity));
      setSelected((keys) => keys.filter((k) => k !== item._id));
    } catch (err) {
      toast.error(deleteErrorMessage(err, texts.thing));
    } finally {
      setToDelete(null);
    }
  };

  const confirmBulk = async () => {
    if (!bulk) return;
    try {
      const result = await bulkAction(
        allMatching ? { section, action: bulk, q } : { section, action: bulk, ids: selected.map(String) },
      ).unwrap();
      toast.success(bulkSummary(bulk, result.changed, section));
      clearSelection();
    } catch (err) {
      toast.error(serverMessageOr(err, `An error occurred while updating the ${texts.plural}`));
    } finally {
      setBulk(null);
    }
  };

  const onExport = async () => {
    try {
      const text = await exportCsv({ section, q }).unwrap();
      const body = typeof text === 'string' ? text : String(text ?? '');
      // Keep the server's UTF-8 byte order mark (fetch drops it when decoding) so spreadsheets read accents.
      downloadText(body.startsWith('\uFEFF') ? body : `\uFEFF${body}`, `${section}-${dayjs().format('YYYY-MM-DD')}.csv`);
    } catch (err) {
      toast.error(serverMessageOr(err, `An error occurred while exporting the ${texts.plural}`));
    }
  };

  const tableColumns: ColumnsType<Item> = useMemo(
    () => [
      ...columns.map((column) => {
        const c = column as ColumnType<Item>;
        return c.sorter === true ? { ...c, sortOrder: sortOrderOf(sort, String(c.key)) } : c;
      }),
      {
        title: 'Actions',
        key: 'actions',
        fixed: 'right' as const,
        width: extraActions ? 140 : 104,
        render: (_: unknown, item: Item) => {
          const name = rowName(item);
          return (
            <Space size={4}>
              {extraActions?.(item, name)}
              <Tooltip title="Edit">
                <Button
                  type="text"
                  aria-label={`Edit ${name}`}
                  icon={<EditIcon />}
                  onClick={() => void navigate(`edit/${encodeURIComponent(item._id)}`)}
                />
              </Tooltip>
              <Tooltip title="Delete">
                <Button type="text" danger aria-label={`Delete ${name}`} icon={<TrashIcon />} onClick={() => setToDelete(item)} />
              </Tooltip>
            </Space>
          );
        },
      },
    ],
    [columns, sort, rowName, navigate, extraActions],
  );

  return (
    <section className="dm-admin-section" aria-labelledby={`dm-admin-${section}-title`}>
      <div className="dm-admin-section-head">
        <div className="dm-admin-section-title">
          <Typography.Title level={3} id={`dm-admin-${section}-title`}>
            {texts.title}
          </Typography.Title>
          <Tag className="dm-admin-count" aria-label={`${countOf(total, section)}${q ? ' matching' : ''}`}>
            {countOf(total, section)}
          </Tag>
        </div>
        <Space wrap className="dm-admin-tools">
          <Button icon={<DownloadIcon />} onClick={() => void onExport()} loading={exporting.isLoading}>
            Export CSV
          </Button>
          <Button icon={<UploadIcon />} onClick={() => setImportOpen(true)}>
            Import CSV
          </Button>
          <Button type="primary" icon={<PlusIcon />} onClick={() => void navigate('add')}>
            Add New
          </Button>
        </Space>
      </div>

      <div className="dm-admin-toolbar">
        <Input.Search
          className="dm-admin-search"
          placeholder={searchPlaceholder(section)}
          aria-label={searchPlaceholder(section)}
          allowClear
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(value) => setSearch(value)}
        />
        <Space wrap className="dm-admin-bulk" aria-label="Bulk actions">
          <Typography.Text type="secondary" className="dm-admin-selected">
            {allMatching
              ? `All ${countOf(total, section)} matching selected`
              : selected.length > 0
                ? `${selected.length} selected`
                : 'Select rows for bulk actions'}
          </Typography.Text>
          {selected.length > 0 && !allMatching && total > selected.length ? (
            <Button type="link" size="small" onClick={() => setAllMatching(true)}>
              {`Select all ${total} matching`}
            </Button>
          ) : null}
          {selected.length > 0 || allMatching ? (
            <Button type="link" size="small" onClick={clearSelection}>
              Clear selection
            </Button>
          ) : null}
          {BULK_ACTIONS.filter(({ action }) => offers(action)).map(({ action, text, danger }) => (
            <Button key={action} size="small" danger={danger} disabled={selectedCount === 0} onClick={() => setBulk(action)}>
              {text}
            </Button>
          ))}
        </Space>
      </div>

      <AccessibleTable<Item>
        aria-label={texts.title}
        rowKey="_id"
        size="middle"
        columns={tableColumns}
        dataSource={items}
        loading={isFetching}
        onChange={onTableChange}
        scroll={{ x: minWidth, y: '65vh' }}
        locale={{ emptyText: q ? `No ${section} match "${q}"` : `No ${section} yet` }}
        rowSelection={{
          selectedRowKeys: allMatching ? items.map((i) => i._id) : selected,
          preserveSelectedRowKeys: true,
          onChange: (keys, rows) => {
            setAllMatching(false);
            setSelected(keys);
            setSelectedRows(rows);
          },
        }}
        pagination={listPagination(page, pageSize, total)}
      />

      {toDelete ? (
        <DeleteDialog
          name={rowName(toDelete)}
          entity={texts.entity}
          confirmName={confirmName?.(toDelete)}
          confirmByEmail={confirmName !== undefined && 'username' in toDelete && confirmName(toDelete) === toDelete.username}
          busy={deleting.isLoading}
          onYes={() => void confirmDelete()}
          onNo={() => setToDelete(null)}
        />
      ) : null}

      <ConfirmDialog
        open={bulk !== null}
        title={bulk ? bulkQuestion(bulk, selectedCount, section) : ''}
        onYes={() => void confirmBulk()}
        onNo={() => setBulk(null)}
        busy={bulking.isLoading}
        danger={bulk === 'delete'}
      >
        <Typography.Paragraph>
          {allMatching
            ? q
              ? `Every ${texts.thing} matching "${q}" is included.`
              : `Every ${texts.thing} is included.`
            : `The selected ${selectedCount === 1 ? texts.thing : texts.plural} will be changed together: all or nothing.`}
          {bulk === 'delete' ? ' This cannot be undone.' : ''}
        </Typography.Paragraph>
      </ConfirmDialog>

      {importOpen ? <CsvImportDialog section={section} onClose={() => setImportOpen(false)} /> : null}

      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </section>
  );
}
