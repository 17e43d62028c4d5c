export { portfolioRoutes } from './routes';
