/** The signed-in user's own details and password (the Account page). */
export { accountRoutes } from './routes';
