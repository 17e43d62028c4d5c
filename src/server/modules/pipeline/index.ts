export { pipelineRoutes } from './routes';
