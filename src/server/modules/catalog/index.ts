/** The catalogues an admin edits (markets, strategies, interests, accounts): their rows, and the markets' assumption overrides the re-pricer reads. */
export {
  addMarketsOfListings,
  addMarketsWithAssumptions,
  createMarketsRepository,
  LISTED_MARKET_DESCRIPTION,
  marketOverridesJsonSql,
  type MarketOverrides,
  type MarketsRepository,
} from './markets-repository';
export {
  createCatalogRepository,
  seedCatalog,
  type CatalogColumn,
  type CatalogOrder,
  type CatalogRepository,
  type CatalogRow,
  type CatalogSelection,
  type CatalogShape,
  type CatalogTable,
  type CatalogValues,
} from './repository';
export { createAccountsRepository, type AccountName } from './accounts-repository';
