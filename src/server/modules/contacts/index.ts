/** An Agent's contacts and the properties each is linked to. */
export { contactsRoutes } from './routes';
