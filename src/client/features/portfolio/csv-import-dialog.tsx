import { Alert, Button, Input, Modal } from 'antd';
import { useId, useState, type ChangeEvent } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../api/base-query';
import { DIALOG_BODY_STYLE, useDialogWidth } from '../../components/use-dialog-width';
import { PORTFOLIO_TEXT } from './portfolio-text';

interface CsvImportDialogProps {
  title: string;
  lead: string;
  columns: readonly string[];
  busy: boolean;
  /** Sends the file's text; answers how many rows the server wrote. */
  onImport: (csv: string) => Promise<number>;
  doneText: (imported: number) => string;
  onClose: () => void;
}

function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

/**
 * Imports a CSV file: the columns it must have, a file input (or pasted text), and the server's
 * message when it refuses the file (nothing is written then).
 */
export function CsvImportDialog({ title, lead, columns, busy, onImport, doneText, onClose }: CsvImportDialogProps) {
  const width = useDialogWidth();
  const fileId = useId();
  const textId = useId();
  const [csv, setCsv] = useState('');
  const [error, setError] = useState<string | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setError(null);
    try {
      setCsv(await readText(file));
    } catch (failure) {
      setError(errorMessage(failure, 'The file could not be read'));
    }
  };
  const submit = async () => {
    setError(null);
    try {
      const imported = await onImport(csv);
      toast.success(doneText(imported));
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      width={width}
      styles={{ body: DIALOG_BODY_STYLE }}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {PORTFOLIO_TEXT.cancel}
        </Button>,
        <Button key="import" type="primary" loading={busy} disabled={!csv.trim()} onClick={() => void submit()}>
          {PORTFOLIO_TEXT.import}
        </Button>,
      ]}
    >
      {error ? <Alert type="error" showIcon title={error} className="dm-form-alert" role="alert" /> : null}
      <p>{lead}</p>
      <p className="dm-portfolio-csv-columns">
        {PORTFOLIO_TEXT.csvColumns} <code>{columns.join(', ')}</code>
      </p>
      <div className="dm-portfolio-csv-field">
        <label htmlFor={fileId}>{PORTFOLIO_TEXT.csvFile}</label>
        <input id={fileId} type="file" accept=".csv,text/csv" onChange={(e) => void choose(e)} />
      </div>
      <div className="dm-portfolio-csv-field">
        <label htmlFor={textId}>{PORTFOLIO_TEXT.csvText}</label>
        <Input.TextArea
          id={textId}
          rows={6}
          value={csv}
          onChange={(e) => setCsv(e.target.value)}
          placeholder={columns.join(',')}
          spellCheck={false}
        />
      </div>
    </Modal>
  );
}
