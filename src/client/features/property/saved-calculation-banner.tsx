import { Alert, Button, Space } from 'antd';
import dayjs from 'dayjs';
import { formatCurrency, formatRoi } from '../../../shared/format';
import type { SavedCalculation } from '../../../shared/investor-types';
import { DEFAULT_ERROR_MESSAGE, errorMessage, errorStatus } from '../../api/base-query';
import { SavedCalculationActions } from '../saved-calculations';
import { savedChanges } from '../../../shared/saved-changes';
import { strategyName } from '../../../shared/invest/ranking';

const signedPercent = (then: number, now: number) => {
  if (!then) return '';
  const p = ((now - then) / then) * 100;
  return ` (${p > 0 ? '+' : ''}${formatRoi(p)})`;
};

/** "What changed since", item by item. */
function changeLines(calc: SavedCalculation): string[] {
  const c = savedChanges(calc.saved, calc.current);
  if (c.none) return ['Nothing has changed since: same list price, same 30-year rate, same comps.'];
  const lines: string[] = [];
  lines.push(
    c.price.changed
      ? `List price: ${formatCurrency(c.price.then)} then, ${formatCurrency(c.price.now)} now${signedPercent(c.price.then, c.price.now)}.`
      : `List price unchanged at ${formatCurrency(c.price.now)}.`,
  );
  lines.push(
    c.rate.changed
      ? `30-year fixed rate: ${formatRoi(c.rate.then)} then, ${formatRoi(c.rate.now)} now.`
      : `30-year fixed rate unchanged at ${formatRoi(c.rate.now)}.`,
  );
  const added = c.compsAdded.length;
  const dropped = c.compsDropped.length;
  lines.push(
    added || dropped
      ? `Comps: ${added} added, ${dropped} dropped (${calc.current.compIDs.length} now, ${calc.saved.compIDs.length} then).`
      : `Same ${calc.current.compIDs.length} comps.`,
  );
  return lines;
}

interface SavedCalculationBannerProps {
  calc: SavedCalculation | undefined;
  error: unknown;
  loading: boolean;
  onReapply: (calc: SavedCalculation) => void;
  onUseCurrent: (calc: SavedCalculation) => void;
  /** Leave the saved calculation (deleted, or not found). */
  onClose: () => void;
}

/** The saved calculation opened with ?calc=: its name, what changed since, and rename/delete. */
export function SavedCalculationBanner({ calc, error, loading, onReapply, onUseCurrent, onClose }: SavedCalculationBannerProps) {
  if (loading && !calc)
    return <Alert type="info" showIcon title="Loading the saved calculation..." className="dm-saved-banner" />;
  if (error && !calc) {
    const message =
      errorStatus(error) === 404
        ? 'This saved calculation was not found: it may have been deleted.'
        : errorMessage(error) === DEFAULT_ERROR_MESSAGE
          ? 'The saved calculation could not be loaded.'
          : errorMessage(error);
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        className="dm-saved-banner"
        title={message}
        action={<Button onClick={onClose}>Show the current analysis</Button>}
      />
    );
  }
  if (!calc) return null;
  const changes = savedChanges(calc.saved, calc.current);
  return (
    <Alert
      type={changes.none ? 'info' : 'warning'}
      showIcon
      className="dm-saved-banner"
      data-testid="saved-banner"
      title={
        <span>
          Saved calculation <strong data-testid="saved-name">{calc.name}</strong> · {strategyName(calc.strategy)} · saved{' '}
          {dayjs(calc.createdAt).format('MMM D, YYYY')}
        </span>
      }
      description={
        <>
          <ul className="dm-change-list" data-testid="saved-changes">
            {changeLines(calc).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <Space wrap className="dm-print-hide">
            <Button size="small" onClick={() => onReapply(calc)}>
              Reapply saved inputs
            </Button>
            {changes.price.changed || changes.rate.changed ? (
              <Button size="small" onClick={() => onUseCurrent(calc)}>
                Use today&apos;s price and rate
              </Button>
            ) : null}
            <SavedCalculationActions calculation={calc} onDeleted={onClose} />
          </Space>
        </>
      }
    />
  );
}
