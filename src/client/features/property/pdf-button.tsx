import { Button } from 'antd';
import toast from 'react-hot-toast';
import { formatAddress } from '../../../shared/format';
import { analysisPdfName } from '../../../shared/shared-reports';
import type { AnalysisPdfRequest } from '../../../shared/schemas/shared-reports';
import { errorMessage } from '../../api/base-query';
import { downloadUrl } from '../../components/download-text';
import { useAnalysisPdfMutation } from './shared-report-api';

export const PDF_TEXT = {
  button: 'Download PDF',
  failed: 'The PDF could not be made',
} as const;

/** "1200-e-11th-st-austin-tx-78702-analysis.pdf", as the server names it. */
export const pdfFileName = (address: string) => `${analysisPdfName(address)}.pdf`;

/** "Download PDF": the analysis on screen as a PDF file the server writes (POST /analysis.pdf). */
export function PdfButton({
  request,
  address,
  problems,
}: {
  request: AnalysisPdfRequest;
  address: Parameters<typeof formatAddress>[0];
  /** Why the inputs cannot be used (the server would refuse them); empty when they can. */
  problems: string[];
}) {
  const [makePdf, making] = useAnalysisPdfMutation();
  const download = async () => {
    try {
      downloadUrl(await makePdf(request).unwrap(), pdfFileName(formatAddress(address)));
    } catch (error) {
      toast.error(errorMessage(error, PDF_TEXT.failed));
    }
  };
  return (
    <Button onClick={() => void download()} loading={making.isLoading} disabled={problems.length > 0} title={problems[0]}>
      {PDF_TEXT.button}
    </Button>
  );
}
