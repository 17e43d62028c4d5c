/**
 * The accuracy feature's public surface: "How accurate?" beside an estimate (its market's measured
 * accuracy in a dialog) and the accuracy answers' cache, which a finished backtest makes stale. Its
 * public Accuracy page is a lazy route of its own. Public figures only: it imports no feature.
 */
export { accuracyApi, marketPath, type MarketKey } from './accuracy-api';
export { ACCURACY_DIALOG_TEXT, estimateMarket, HowAccurate } from './accuracy-dialog';
