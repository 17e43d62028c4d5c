/** The markets' assumption overrides: what admin edits and the re-pricer reads. */
export { createMarketsRepository, marketOverridesJsonSql, type MarketOverrides, type MarketsRepository } from './markets-repository';
