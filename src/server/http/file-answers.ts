import type { FastifyReply } from 'fastify';
import { CsvFile } from '../../shared/schemas/admin';
import { PdfFile } from '../../shared/schemas/shared-reports';

/** A route's 200 that is a CSV file, as OpenAPI shows it. */
export const CSV_FILE_ANSWER = {
  description: 'The CSV file (an attachment)',
  content: { 'text/csv': { schema: CsvFile } },
} as const;

/** Sends `csv` as a download named `<name>-<today>.csv`, never cached (it is the caller's data). */
export function sendCsvFile(reply: FastifyReply, name: string, csv: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

/** A route's 200 that is a PDF file, as OpenAPI shows it. */
export const PDF_FILE_ANSWER = {
  description: 'The PDF file (an attachment)',
  content: { 'application/pdf': { schema: PdfFile } },
} as const;

/** Sends `pdf` as a download named `<name>.pdf`, never cached. */
export function sendPdfFile(reply: FastifyReply, name: string, pdf: Buffer) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${name}.pdf"`)
    .header('cache-control', 'no-store')
    .send(pdf);
}
