/** The team chat: a message to the account's team by e-mail. */
export { teamChatRoutes } from './routes';
