import { Alert, Progress, Space, Tag, Typography, Upload } from 'antd';
import { AccessibleTable } from '../../components/accessible-table';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import toast from 'react-hot-toast';
import type { ImportJob } from '../../../shared/schemas/admin';
import { UploadIcon } from '../../components/icons';
import { importedSummary, sectionTexts, serverMessageOr } from './admin-messages';
import {
  adminSettingsApi,
  useImportCsvMutation,
  useLazyUserImportJobQuery,
  useStartUserImportMutation,
  type ImportReport,
  type ImportRow,
  type SectionKey,
} from './admin-settings-api';
import { AdminDialog } from './form-dialog';

/** How often a running users import is asked for its progress. */
export const IMPORT_POLL_MS = 1000;

/**
 * A users import runs on the server as a job (every password is hashed): POST answers 202 with the
 * job, GET /users/import/:jobId its progress (docs/admin-api.md).
 */

/** What a finished users import made stale: the users, accounts and audit lists, the count, the signed-in user. */
const USERS_IMPORTED = [
  { type: 'User', id: 'LIST' },
  { type: 'Account', id: 'LIST' },
  { type: 'AuditLog', id: 'LIST' },
  { type: 'Count', id: 'users' },
  { type: 'User', id: 'ME' },
] as const;

const finished = (job: ImportJob) => job.phase === 'done' || job.phase === 'failed';

/** "Hashing passwords: 40 of 150", then "Writing 150 users". */
export function importJobText(job: ImportJob): string {
  if (job.phase === 'writing') return `Writing ${job.total} users`;
  if (job.phase === 'queued') return 'Starting the import';
  return `Hashing passwords: ${job.done} of ${job.total}`;
}

/** The progress of a users import, polled until it is done or failed. */
function UserImportProgress({ job }: { job: ImportJob }) {
  const percent = job.phase === 'writing' ? 99 : Math.floor((job.done / Math.max(job.total, 1)) * 98);
  return (
    <div className="dm-csv-job" role="status" aria-label="Import progress">
      <Typography.Paragraph>{importJobText(job)}</Typography.Paragraph>
      <Progress percent={percent} status="active" />
      <Typography.Paragraph type="secondary">
        Nothing is written until every row is ready; the import goes on if you close this dialog.
      </Typography.Paragraph>
    </div>
  );
}

/** The columns each section's import expects (docs/admin-api.md). */
export const IMPORT_COLUMNS: Record<SectionKey, string[]> = {
  users: ['firstName', 'lastName', 'username', 'password', 'role', 'accountName', 'active'],
  markets: ['city', 'state', 'description', 'active'],
  interests: ['name', 'description', 'active'],
  strategies: ['name', 'description', 'active'],
  accounts: ['name', 'active'],
};

export const importButtonText = (n: number) => `Import ${n} ${n === 1 ? 'row' : 'rows'}`;

/** The file problem the server names in `fields.csv`, else its message. */
export function csvProblem(error: unknown, fallback: string): string {
  const fields = (error as { fields?: Record<string, string> } | undefined)?.fields;
  return fields?.csv || serverMessageOr(error, fallback);
}

/** Reads a chosen file as text (FileReader works in every browser and in jsdom). */
export function readFileText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    // readAsText always answers a string.
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

/**
 * A CSV file chosen in an import dialog: read in the browser, checked by `check` (a dry run on the
 * server) whose report is the preview; a file the server refuses (or that cannot be read) becomes
 * `problem`, also toasted.
 */
export function useCsvPreview<R>(check: (csv: string) => Promise<R>) {
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [report, setReport] = useState<R | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const preview = async (text: string) => {
    setProblem(null);
    setReport(null);
    try {
      setReport(await check(text));
    } catch (error) {
      const message = csvProblem(error, 'The file could not be checked');
      setProblem(message);
      toast.error(message);
    }
  };

  const onFile = (file: File) => {
    setFileName(file.name);
    readFileText(file)
      .then((text) => {
        setCsv(text);
        return preview(text);
      })
      .catch((error: unknown) => setProblem(serverMessageOr(error, 'The file could not be read')));
    return false; // keep the file in the browser: nothing is uploaded by Ant Design
  };

  return { csv, fileName, report, problem, setProblem, preview, onFile };
}

/** The drop zone of an import dialog (the file stays in the browser) and the file's problem. */
export function CsvFilePicker({
  fileName,
  onFile,
  problem,
}: {
  fileName: string | null;
  onFile: (file: File) => boolean;
  problem: string | null;
}) {
  return (
    <>
      <Upload.Dragger
        accept=".csv,text/csv"
        multiple={false}
        showUploadList={false}
        beforeUpload={onFile}
        className="dm-csv-upload"
      >
        <p className="dm-csv-upload-icon">
          <UploadIcon size={28} />
        </p>
        <p>{fileName ? `Chosen: ${fileName} — choose another file` : 'Click or drop a CSV file here'}</p>
      </Upload.Dragger>
      {problem ? <Alert type="error" showIcon title={problem} className="dm-form-alert" role="alert" /> : null}
    </>
  );
}

interface CsvImportDialogProps {
  section: SectionKey;
  onClose: () => void;
}

/**
 * Import CSV: choose a file, preview it through a dry run (every row, errors marked per field,
 * valid / with errors counts), then import — only when no row has errors.
 */
export function CsvImportDialog({ section, onClose }: CsvImportDialogProps) {
  const texts = sectionTexts(section);
  const columns = IMPORT_COLUMNS[section];
  const [checkCsv, checking] = useImportCsvMutation();
  const { csv, fileName, report, problem, setProblem, preview, onFile } = useCsvPreview<ImportReport>((text) =>
    checkCsv({ section, csv: text, dryRun: true }).unwrap(),
  );
  const [runImport, importing] = useImportCsvMutation();
  const [startUserImport, starting] = useStartUserImportMutation();
  const [fetchJob] = useLazyUserImportJobQuery();
  const [job, setJob] = useState<ImportJob | null>(null);
  const dispatch = useDispatch();
  const open = useRef(true);
  useEffect(
    () => () => {
      open.current = false;
    },
    [],
  );

  /** Starts a users import and polls its job until it is done (then closes) or failed (then says why). */
  const importUsers = async (text: string) => {
    let current = await startUserImport({ csv: text }).unwrap();
    setJob(current);
    while (!finished(current)) {
      await new Promise((resolve) => setTimeout(resolve, IMPORT_POLL_MS));
      if (!open.current) return; // closed: the import goes on on the server
      current = await fetchJob(current._id).unwrap();
      setJob(current);
    }
    if (current.phase === 'done') {
      dispatch(adminSettingsApi.util.invalidateTags([...USERS_IMPORTED]));
      toast.success(importedSummary(current.created, section));
      onClose();
      return;
    }
    setJob(null);
    const message = current.error ?? `An error occurred while importing the ${texts.plural}`;
    toast.error(message);
    setProblem(message);
  };

  const doImport = async () => {
    if (csv === null) return;
    try {
      if (section === 'users') {
        setProblem(null);
        await importUsers(csv);
        return;
      }
      const result = await runImport({ section, csv, dryRun: false }).unwrap();
      toast.success(importedSummary(result.created, section));
      onClose();
    } catch (error) {
      setJob(null);
      const message = serverMessageOr(error, `An error occurred while importing the ${texts.plural}`);
      // The server refused the whole file (rows with errors): nothing was written; show the report again.
      toast.error(message);
      setProblem(message);
      void preview(csv);
    }
  };

  const valid = report?.valid ?? 0;
  const invalid = report?.invalid ?? 0;
  const running = job !== null;
  const canImport = Boolean(report) && invalid === 0 && valid > 0 && !checking.isLoading && !running;

  const tableColumns: ColumnsType<ImportRow> = [
    { title: 'Row', dataIndex: 'row', key: 'row', width: 64, fixed: 'left' },
    ...columns.map((column) => ({
      title: column,
      key: column,
      render: (_: unknown, row: ImportRow) => {
        const error = row.errors?.[column];
        const value = row.values?.[column] ?? '';
        const shown = column === 'password' && value ? '••••••••' : value;
        return error ? (
          <div className="dm-cell-error" aria-invalid="true" data-field={column}>
            <span>{shown || '—'}</span>
            <Typography.Text type="danger" className="dm-cell-error-text">
              {error}
            </Typography.Text>
          </div>
        ) : (
          <span>{shown}</span>
        );
      },
    })),
    {
      title: 'Check',
      key: 'check',
      render: (_: unknown, row: ImportRow) => {
        const other = Object.entries(row.errors ?? {}).filter(([key]) => !columns.includes(key));
        const count = Object.keys(row.errors ?? {}).length;
        return count === 0 ? (
          <Tag color="success">OK</Tag>
        ) : (
          <Space orientation="vertical" size={2}>
            <Tag color="error">{count === 1 ? '1 error' : `${count} errors`}</Tag>
            {other.map(([key, message]) => (
              <Typography.Text key={key} type="danger" className="dm-cell-error-text">
                {message}
              </Typography.Text>
            ))}
          </Space>
        );
      },
    },
  ];

  return (
    <AdminDialog
      title={`Import ${texts.title} from CSV`}
      onClose={onClose}
      action={{
        key: 'import',
        text: importButtonText(valid),
        disabled: !canImport,
        loading: importing.isLoading || starting.isLoading || running,
        onClick: () => void doImport(),
      }}
    >
      <Typography.Paragraph>
        Expected columns (the first line is the header):{' '}
        <Typography.Text code className="dm-csv-columns">
          {columns.join(',')}
        </Typography.Text>
      </Typography.Paragraph>
      {section === 'users' ? (
        <Typography.Paragraph type="secondary">
          The role is given by name (Admin, Agent or Investor); an account is found by name or created. Active is true or false.
        </Typography.Paragraph>
      ) : (
        <Typography.Paragraph type="secondary">Active is true or false.</Typography.Paragraph>
      )}
      <CsvFilePicker fileName={fileName} onFile={onFile} problem={problem} />
      {job ? <UserImportProgress job={job} /> : null}
      {checking.isLoading ? <Typography.Paragraph>Checking the file...</Typography.Paragraph> : null}
      {report ? (
        <div className="dm-csv-preview">
          <Space className="dm-csv-counts" aria-label="Import check">
            <Tag color="success">{valid} valid</Tag>
            <Tag color={invalid > 0 ? 'error' : 'default'}>{invalid} with errors</Tag>
            {invalid > 0 ? (
              <Typography.Text type="danger">Fix the marked fields in the file and choose it again.</Typography.Text>
            ) : null}
          </Space>
          <AccessibleTable<ImportRow>
            aria-label="Rows to import"
            size="small"
            rowKey="row"
            columns={tableColumns}
            dataSource={report.rows}
            pagination={report.rows.length > 100 ? { pageSize: 100, showSizeChanger: false } : false}
            scroll={{ x: 'max-content', y: '40vh' }}
            rowClassName={(row) => (Object.keys(row.errors ?? {}).length > 0 ? 'dm-row-error' : '')}
          />
        </div>
      ) : null}
    </AdminDialog>
  );
}
