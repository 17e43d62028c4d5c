import { Button, ConfigProvider, Modal, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { EstimateKind } from '../../../shared/schemas/accuracy';
import { KIND_WORDS, marketName, marketNotMeasuredText } from '../../../shared/valuation/accuracy-text';
import { useAppSelector } from '../../app/hooks';
import { antdTheme } from '../../components/antd-theme';
import { selectThemeMode } from '../../components/theme-mode';
import { useDialogWidth } from '../../components/use-dialog-width';
import { marketPath, useMarketAccuracyQuery, type MarketKey } from './accuracy-api';
import { MarketAccuracyView } from './market-accuracy-view';
import './accuracy.css';

export const ACCURACY_DIALOG_TEXT = {
  open: 'How accurate?',
  loading: 'Loading the market’s accuracy…',
  failed: 'The accuracy figures could not be loaded.',
  everyMarket: 'Every market’s accuracy',
  close: 'Close',
} as const;

/** Whether a failed query was the server's 404: the market was not measured (or nothing was, yet). */
const notFound = (error: unknown) => typeof error === 'object' && error !== null && 'status' in error && error.status === 404;

/** The dialog's body: loading, not measured, failed or the market's figures. */
function DialogBody({ market, kind }: { market: MarketKey; kind: EstimateKind }) {
  const { data, error, isFetching, refetch } = useMarketAccuracyQuery(market);
  if (data) return <MarketAccuracyView market={data} first={kind} level={4} />;
  if (isFetching) {
    return (
      <div className="dm-popup-center" role="status">
        <Spin size="small" /> <span>{ACCURACY_DIALOG_TEXT.loading}</span>
      </div>
    );
  }
  if (notFound(error)) {
    return (
      <Typography.Paragraph data-testid="accuracy-not-measured" role="status">
        {marketNotMeasuredText(market)}
      </Typography.Paragraph>
    );
  }
  return (
    <Typography.Paragraph role="alert">
      {ACCURACY_DIALOG_TEXT.failed}{' '}
      <Button size="small" onClick={() => void refetch()}>
        Try again
      </Button>
    </Typography.Paragraph>
  );
}

/**
 * The market's accuracy in a dialog: the figures in words, the errors' chart and the ZIPs, with the
 * public Accuracy page a link away. It takes the app's theme even inside the popup (which keeps a
 * light one): its chart follows the page's colours.
 */
function AccuracyDialog({
  market,
  kind,
  open,
  onClose,
}: {
  market: MarketKey;
  kind: EstimateKind;
  open: boolean;
  onClose: () => void;
}) {
  const width = useDialogWidth();
  const mode = useAppSelector(selectThemeMode);
  const theme = useMemo(() => antdTheme(mode), [mode]);
  const name = marketName(market);
  return (
    <ConfigProvider theme={theme}>
      <Modal
        open={open}
        title={`How accurate are our estimates in ${name}?`}
        onCancel={onClose}
        width={width}
        centered
        className="dm-accuracy-dialog"
        footer={
          <div className="dm-accuracy-dialog-links">
            <Link to={marketPath(market)}>{`${name} on the Accuracy page`}</Link>
            <Link to="/accuracy">{ACCURACY_DIALOG_TEXT.everyMarket}</Link>
            <Button type="primary" onClick={onClose}>
              {ACCURACY_DIALOG_TEXT.close}
            </Button>
          </div>
        }
      >
        {/* The figures scroll within the screen (room left for a phone's two-line title and footer), in a region a keyboard can scroll. */}
        <div
          className="dm-accuracy-dialog-body"
          tabIndex={0}
          role="region"
          aria-label={`The accuracy of our estimates in ${name}`}
        >
          <DialogBody market={market} kind={kind} />
        </div>
      </Modal>
    </ConfigProvider>
  );
}

/**
 * "How accurate?" beside an estimate: opens its market's measured accuracy (the dialog mounts on
 * the first click, so a page of estimates asks nothing until one is opened).
 */
export function HowAccurate({ kind, market }: { kind: EstimateKind; market: MarketKey }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        type="link"
        size="small"
        className="dm-how-accurate dm-print-hide"
        aria-haspopup="dialog"
        data-testid={`how-accurate-${kind}`}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {ACCURACY_DIALOG_TEXT.open}
        <span className="dm-visually-hidden">{` (${KIND_WORDS[kind].estimates} in ${marketName(market)})`}</span>
      </Button>
      {opened ? <AccuracyDialog market={market} kind={kind} open={open} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** The market an estimate's accuracy is read from: its range's (the market the backtest matched), else the listing's city. */
export function estimateMarket(
  range: { city: string; state: string } | null | undefined,
  address: { PropertyAddressCity?: string | null; PropertyAddressState?: string | null },
): MarketKey | null {
  if (range) return { city: range.city, state: range.state };
  const city = address.PropertyAddressCity?.trim();
  const state = address.PropertyAddressState?.trim();
  return city && state && /^[A-Za-z]{2}$/.test(state) ? { city, state: state.toUpperCase() } : null;
}
