/**
 * How close the estimates come (issue 37; docs/accuracy.md): the backtest of every sale and lease of
 * the last 12 months, run in the background by one server, its figures per market and ZIP, the
 * ranges' calibration the property reads apply, and the public and admin routes.
 */
export { AccuracyWorker, type AccuracyWorkerOptions } from './accuracy-worker';
export { BacktestStopped, runAccuracyBacktest } from './backtest-run';
export { ACCURACY_MESSAGES, accuracyAdminRoutes, accuracyRoutes } from './routes';
export { createAccuracyService, type AccuracyService } from './service';
