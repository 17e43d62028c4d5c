/** The property reads other modules share: the messages about a property id. */
export { PROPERTY_MESSAGES } from './routes';
