/** A user's saved what-if calculations. */
export { savedCalculationsRoutes } from './routes';
