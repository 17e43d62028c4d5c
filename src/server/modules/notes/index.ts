/** A user's notes on properties. */
export { notesRoutes } from './routes';
