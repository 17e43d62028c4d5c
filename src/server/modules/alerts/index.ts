/**
 * Saved searches' alerts (issue 28; docs/map-search.md, "Alerts"): the matcher that finds what each
 * listing change newly matches, the e-mails (instant batches and the daily digest) with their signed
 * one-click unsubscribe, the in-app notifications, and the worker that runs them in the server.
 */
export { AlertWorker, DEFAULT_ALERT_POLL_MS, type AlertWorkerOptions } from './delivery/alert-worker';
export { runMatchingPass, type MatchCounts, type PassResult } from './delivery/matcher';
export { INSTANT_SPACING_MS, latestDigestTime } from './delivery/delivery';
export { notificationsRoutes } from './notifications/notifications-routes';
export { unsubscribeRoutes } from './unsubscribe/unsubscribe-routes';
export { readUnsubscribeToken, signUnsubscribeToken } from './unsubscribe/unsubscribe-token';
