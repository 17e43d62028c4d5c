import { Alert } from 'antd';
import { staleRatesNote } from '../../shared/rates-staleness';

/**
 * 'Rates last updated Nov 20, 2025 — out of date' beside a rate when the latest 30-year rate's
 * survey week is more than 14 days old on the viewer's calendar; nothing otherwise.
 */
export function StaleRatesNote({ asOf, className }: { asOf: string | null | undefined; className?: string }) {
  const note = staleRatesNote(asOf, new Date());
  if (!note) return null;
  return <Alert type="warning" showIcon role="status" className={className} title={note} data-testid="stale-rates-note" />;
}
