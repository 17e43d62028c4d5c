/** A user's saved what-if calculations, and their analyses shared as read-only links. */
export { savedCalculationsRoutes } from './routes';
export { sharedReportRoutes, sharedReportsRoutes } from './share-routes';
