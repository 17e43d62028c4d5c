/** The investor's profile: strategies, markets, interests, experience and offer targets. */
export { profileRoutes } from './routes';
