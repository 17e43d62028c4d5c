import { CsvImportDialog } from './csv-import-dialog';
import { useImportPortfolioMutation } from './portfolio-api';
import { PORTFOLIO_TEXT } from './portfolio-text';

/** Adds properties from a CSV file (POST /portfolio/import.csv). */
export function ImportPortfolioDialog({ onClose }: { onClose: () => void }) {
  const [importCsv, { isLoading }] = useImportPortfolioMutation();
  return (
    <CsvImportDialog
      title={PORTFOLIO_TEXT.importTitle}
      lead={PORTFOLIO_TEXT.importLead}
      columns={PORTFOLIO_TEXT.propertiesColumns}
      busy={isLoading}
      onImport={async (csv) => (await importCsv(csv).unwrap()).imported}
      doneText={PORTFOLIO_TEXT.imported}
      onClose={onClose}
    />
  );
}
