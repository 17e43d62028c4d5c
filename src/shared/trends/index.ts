export * from './market-series';
export * from './trend-summary';
export * from './trend-format';
export * from './trend-metrics';
export * from './trend-limits';
export * from './area-box';
