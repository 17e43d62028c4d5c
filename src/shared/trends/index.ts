export * from './market-series';
export * from './trend-summary';
export * from './trend-format';
