import { CsvImportDialog } from './csv-import-dialog';
import { useImportPortfolioActualsMutation } from './portfolio-api';
import { PORTFOLIO_TEXT } from './portfolio-text';

/** Writes a property's months from a statement's CSV (POST .../actuals.csv). */
export function ImportActualsDialog({ propertyId, onClose }: { propertyId: string; onClose: () => void }) {
  const [importCsv, { isLoading }] = useImportPortfolioActualsMutation();
  return (
    <CsvImportDialog
      title={PORTFOLIO_TEXT.importActualsTitle}
      lead={PORTFOLIO_TEXT.importActualsLead}
      columns={PORTFOLIO_TEXT.actualsColumns}
      busy={isLoading}
      onImport={async (csv) => (await importCsv({ id: propertyId, csv }).unwrap()).imported}
      doneText={PORTFOLIO_TEXT.actualsImported}
      onClose={onClose}
    />
  );
}
