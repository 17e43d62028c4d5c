import { Space, Tag, Typography } from 'antd';
import { AccessibleTable } from '../../components/accessible-table';
import type { ColumnsType } from 'antd/es/table';
import toast from 'react-hot-toast';
import { formatDate, formatRoi } from '../../../shared/format';
import type { RatesImportRow } from '../../../shared/schemas/rates';
import { CsvFilePicker, csvProblem, useCsvPreview } from './csv-import-dialog';
import { AdminDialog } from './form-dialog';
import { useImportRatesMutation, type RatesImportReport } from './rates-api';

const CHANGE_TAG: Record<RatesImportRow['change'], { color: string; text: string }> = {
  new: { color: 'success', text: 'New' },
  changed: { color: 'processing', text: 'Changed' },
  unchanged: { color: 'default', text: 'Unchanged' },
};

const COLUMNS: ColumnsType<RatesImportRow> = [
  { title: 'Line', dataIndex: 'line', key: 'line', width: 72 },
  { title: 'Survey week', dataIndex: 'asOf', key: 'asOf', render: (asOf: string) => formatDate(asOf) },
  { title: '30-Year Fixed', dataIndex: 'thirty', key: 'thirty', render: (v: number | null) => formatRoi(v) },
  { title: '15-Year Fixed', dataIndex: 'fifteen', key: 'fifteen', render: (v: number | null) => formatRoi(v) },
  {
    title: 'Change',
    dataIndex: 'change',
    key: 'change',
    render: (change: RatesImportRow['change']) => <Tag color={CHANGE_TAG[change].color}>{CHANGE_TAG[change].text}</Tag>,
  },
];

/** 'Import 3 rates' */
export const importRatesButton = (n: number) => `Import ${n} ${n === 1 ? 'rate' : 'rates'}`;

/**
 * Import a Freddie Mac PMMS history CSV: choose a file, see every week with what importing it would
 * do (new, changed, unchanged) and the lines with errors, then import; a file with errors imports
 * nothing until it is fixed and chosen again.
 */
export function RatesImportDialog({ onClose }: { onClose: () => void }) {
  const [check, checking] = useImportRatesMutation();
  const [runImport, importing] = useImportRatesMutation();
  const { csv, fileName, report, problem, setProblem, preview, onFile } = useCsvPreview<RatesImportReport>((text) =>
    check({ csv: text, dryRun: true }).unwrap(),
  );

  const doImport = async () => {
    if (csv === null) return;
    try {
      const result = await runImport({ csv, dryRun: false }).unwrap();
      toast.success(`Imported ${result.written} ${result.written === 1 ? 'rate' : 'rates'}`);
      onClose();
    } catch (error) {
      const message = csvProblem(error, 'An error occurred while importing the rates');
      toast.error(message);
      setProblem(message);
      void preview(csv);
    }
  };

  const toWrite = (report?.newRates ?? 0) + (report?.changedRates ?? 0);
  const errors = report?.errors ?? [];
  const canImport = Boolean(report) && errors.length === 0 && toWrite > 0 && !checking.isLoading;

  return (
    <AdminDialog
      title="Import Rates from CSV"
      onClose={onClose}
      action={{
        key: 'import',
        text: importRatesButton(toWrite),
        disabled: !canImport,
        loading: importing.isLoading,
        onClick: () => void doImport(),
      }}
    >
      <Typography.Paragraph>
        A Freddie Mac PMMS history file: a date column (<Typography.Text code>date</Typography.Text> or{' '}
        <Typography.Text code>Week</Typography.Text>) and the 30-year and 15-year rates (
        <Typography.Text code>pmms30</Typography.Text>, <Typography.Text code>pmms15</Typography.Text> or{' '}
        <Typography.Text code>30-Year FRM</Typography.Text>, <Typography.Text code>15-Year FRM</Typography.Text>).
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        Weeks already on file with the same rate are left as they are; a new latest 30-year rate re-prices every listing.
      </Typography.Paragraph>
      <CsvFilePicker fileName={fileName} onFile={onFile} problem={problem} />
      {checking.isLoading ? <Typography.Paragraph>Checking the file...</Typography.Paragraph> : null}
      {report ? (
        <div className="dm-csv-preview">
          <Space className="dm-csv-counts" wrap aria-label="Import check">
            <Tag>{`${report.rows.length} ${report.rows.length === 1 ? 'week' : 'weeks'}`}</Tag>
            <Tag color="success">{report.newRates} new</Tag>
            <Tag color={report.changedRates ? 'processing' : 'default'}>{report.changedRates} changed</Tag>
            <Tag color={errors.length ? 'error' : 'default'}>{`${errors.length} with errors`}</Tag>
            {report.rows.length > 0 && toWrite === 0 && errors.length === 0 ? (
              <Typography.Text>Every week is already on file: nothing to import.</Typography.Text>
            ) : null}
          </Space>
          {errors.length ? (
            <div className="dm-rates-import-errors" role="alert">
              <Typography.Text type="danger" strong>
                Fix these lines in the file and choose it again:
              </Typography.Text>
              <ul>
                {errors.slice(0, 50).map((e) => (
                  <li key={`${e.line}-${e.message}`}>
                    <Typography.Text type="danger">{`Line ${e.line}: ${e.message}`}</Typography.Text>
                  </li>
                ))}
                {errors.length > 50 ? <li>{`...and ${errors.length - 50} more`}</li> : null}
              </ul>
            </div>
          ) : null}
          <AccessibleTable<RatesImportRow>
            aria-label="Weeks in the file"
            size="small"
            rowKey="line"
            columns={COLUMNS}
            dataSource={report.rows}
            pagination={report.rows.length > 100 ? { pageSize: 100, showSizeChanger: false } : false}
            scroll={{ x: 'max-content', y: '40vh' }}
          />
        </div>
      ) : null}
    </AdminDialog>
  );
}
