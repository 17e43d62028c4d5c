export { pipelineRoutes } from './routes';
export { createWatchRepository, recordWatchNews, type WatchCounts, type WatchNotification } from './watch-repository';
export { createPipelineRepository } from './repository';
