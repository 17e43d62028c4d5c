import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable, Updateable } from 'kysely';
import type { DealConfidence, MarkerColor } from '../../shared/schemas/property';
import type { RentEstimate, ValueEstimate } from '../../shared/schemas/property-estimates';
import type { AssumptionOverrides } from '../../shared/schemas/assumptions';
import type { AuditAction, EntityType, ImportJobPhase } from '../../shared/schemas/admin';
import type { MapBounds } from '../../shared/schemas/geo';
import type { StrategyResults } from '../../shared/schemas/results';
import type { SavedResults, StrategyKey } from '../../shared/schemas/saved-calculations';
import type { WhatIf } from '../../shared/schemas/what-if';
import type { PortfolioLoan, PortfolioPlan } from '../../shared/schemas/portfolio';
import type { MarketModel } from '../../shared/valuation/market-model';
import type { PipelineStageKey, WatchReason } from '../../shared/pipeline';
import type { SharedReport } from '../../shared/schemas/shared-reports';

/** The inputs the engine actually used (feed estimates, or their fallbacks: modules/listings/analysis.ts), stored with each listing. */
export interface EngineInputs {
  purchasePrice: number;
  monthlyRent: number;
  rehabEstimate: number;
  arvEstimate: number;
  /** Peak-season nightly rate. */
  nightlyRate: number;
  squareFeet: number;
}

/**
 * A jsonb column: read as the parsed value; written as the value (the drivers serialise it) or as
 * JSON text. `Insert` is what an insert may leave out (undefined when the column has a default).
 */
type Json<T, Insert = T> = ColumnType<T, Insert | string, T | string>;

/** Timestamps come back as Date; inserts and updates may pass a Date or an SQL default. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface RolesTable {
  id: Generated<string>;
  name: string;
  created_at: Timestamp;
}

export interface AccountsTable {
  id: Generated<string>;
  name: string;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: Generated<string>;
  first_name: string;
  last_name: string;
  username: string;
  password_hash: string;
  role_id: string;
  account_id: string | null;
  active: Generated<boolean>;
  last_login: NullableTimestamp;
  experience: string | null;
  /** Max offer targets, percents (migration 0020-offer-targets). */
  target_cash_on_cash_percent: Generated<number>;
  target_flip_profit_percent: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StrategiesTable {
  id: Generated<string>;
  name: string;
  description: string;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MarketsTable {
  id: Generated<string>;
  city: string;
  state: string;
  description: string;
  active: Generated<boolean>;
  /** AssumptionOverrides of the investment engine; {} = the defaults. */
  assumptions: Json<AssumptionOverrides, AssumptionOverrides | undefined>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InterestsTable {
  id: Generated<string>;
  name: string;
  description: string;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserStrategiesTable {
  user_id: string;
  strategy_id: string;
}

export interface UserMarketsTable {
  user_id: string;
  market_id: string;
}

export interface UserInterestsTable {
  user_id: string;
  interest_id: string;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  created_at: Timestamp;
  expires_at: Date;
  revoked_at: NullableTimestamp;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: Timestamp;
  rotated_at: NullableTimestamp;
  /** Once rotated: the next token, sealed with this one (sealSuccessor in auth/tokens.ts). */
  successor: string | null;
}

/** A user's notes (the radial menu's Record): property_id null is their general note. */
export interface NotesTable {
  id: Generated<string>;
  user_id: string;
  property_id: string | null;
  body: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Long first-start work, recorded so a start after a crash finishes it (modules/startup). */
export interface StartupTasksTable {
  name: string;
  params: Json<Record<string, unknown>, Record<string, unknown> | undefined>;
  started_at: Timestamp;
  finished_at: NullableTimestamp;
}

/** A rate limit's window for one key (sign-in per account, sign-up per address, …); PostgreSQL only. */
export interface RateLimitHitsTable {
  key: string;
  hits: number;
  resets_at: Timestamp;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Date;
  used_at: NullableTimestamp;
}

/** One row per changed entity; `before`/`after` never hold passwords or hashes. */
export interface AuditLogTable {
  id: Generated<string>;
  at: Generated<Date>;
  actor_id: string | null;
  actor_username: string | null;
  action: AuditAction;
  entity_type: EntityType;
  entity_id: string;
  before: Json<Record<string, unknown> | null>;
  after: Json<Record<string, unknown> | null>;
}

/** A users import running in the background (0007-admin-import-jobs); no passwords here. */
export interface AdminImportJobsTable {
  id: Generated<string>;
  section: 'users';
  actor_id: string | null;
  phase: ColumnType<ImportJobPhase, ImportJobPhase | undefined, ImportJobPhase>;
  total: number;
  done: Generated<number>;
  created: Generated<number>;
  error: string | null;
  started_at: Timestamp;
  heartbeat_at: Timestamp;
  finished_at: NullableTimestamp;
}

/** The room and address columns listings and sold comps share (0003-listings). */
interface ListingColumns {
  id: Generated<string>;
  listing_key: string;
  list_price: number;
  beds: number | null;
  baths_full: number | null;
  baths_half: number | null;
  baths_three_quarter: number | null;
  /** full + half + three-quarter, computed by PostgreSQL. */
  baths_total: GeneratedAlways<number>;
  area: number | null;
  address_full: Generated<string>;
  city: Generated<string>;
  state: Generated<string>;
  zip: Generated<string>;
  latitude: number;
  longitude: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PropertiesTable extends ListingColumns {
  remarks: Generated<string>;
  monthly_rent: number | null;
  rehab_estimate: number | null;
  arv_estimate: number | null;
  nightly_rate: number | null;
  comp_ids: Generated<string[]>;
  deal_status: Generated<string>;
  marker_color: Json<MarkerColor | null, MarkerColor | null | undefined>;
  confidence: Json<DealConfidence | null, DealConfidence | null | undefined>;
  /** The inputs the engine used last (feed estimates or fallbacks); null until first computed. */
  inputs: Json<EngineInputs | null, EngineInputs | null | undefined>;
  /** The 30-year rate the stored results were computed at. */
  results_rate: number | null;
  buy_hold: Json<StrategyResults['BuyHoldResults'] | null, StrategyResults['BuyHoldResults'] | null | undefined>;
  brrrr: Json<StrategyResults['BRRRRResults'] | null, StrategyResults['BRRRRResults'] | null | undefined>;
  fix_flip: Json<StrategyResults['FixFlipResults'] | null, StrategyResults['FixFlipResults'] | null | undefined>;
  short_term: Json<StrategyResults['ShortTermResults'] | null, StrategyResults['ShortTermResults'] | null | undefined>;
  /** Each strategy's cash-on-cash as its results say (Infinity: no cash in), written with them (0022). */
  buy_hold_coc: number | null;
  brrrr_coc: number | null;
  fix_flip_coc: number | null;
  short_term_coc: number | null;
  needs_recompute: Generated<boolean>;
  /** When the listing came on the market (RESO OnMarketDate, else ListingContractDate); null when unknown (0027). */
  on_market_date: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** RESO OriginalListPrice; null when the feed gives none (the list price is then the original). */
  original_list_price: number | null;
  /** The last change of the list price (RESO PriceChangeTimestamp, or when an import saw it). */
  price_changed_at: NullableTimestamp;
  /** The cut from the original list price, in percent to one decimal (0: none), computed by PostgreSQL. */
  price_cut_percent: GeneratedAlways<number>;
  /** The lease comps' rent estimate and the engine rent's source, as the last recomputation wrote them (0030). */
  rent_estimate: Json<RentEstimate | null, RentEstimate | null | undefined>;
  /** The leases the estimate used, nearest first (0030). */
  lease_comp_ids: Generated<string[]>;
  /** When the listing left the MLS feed (withdrawn, expired, gone from it); null while listed (0032). */
  off_market_at: NullableTimestamp;
  /** Why: the feed's StandardStatus (`Withdrawn`, `Expired`…) or `Not in feed` (the reconciliation). */
  off_market_status: string | null;
  /** The value estimate from the sold comps (without its range: that is the market's backtest's), written by the recomputation (0034). */
  value_estimate: Json<Omit<ValueEstimate, 'range'> | null, Omit<ValueEstimate, 'range'> | null | undefined>;
  /** The list price against the value estimate, percent (below 0: below it); null without an estimate (0034). */
  value_gap_percent: number | null;
}

/** Each list price change an import saw (0027). */
export interface PriceHistoryTable {
  id: GeneratedAlways<string>;
  property_id: string;
  old_price: number;
  new_price: number;
  changed_at: Timestamp;
}

/** A listing's place, filter columns and cash-on-cash figures, copied by triggers for the returns heat map (0031). */
export type PropertyReturnsTable = Pick<
  PropertiesTable,
  | 'id'
  | 'longitude'
  | 'latitude'
  | 'list_price'
  | 'beds'
  | 'baths_total'
  | 'deal_status'
  | 'on_market_date'
  | 'price_cut_percent'
  | 'buy_hold_coc'
  | 'brrrr_coc'
  | 'fix_flip_coc'
  | 'short_term_coc'
  | 'value_gap_percent'
>;

export interface SoldCompsTable extends Omit<ListingColumns, 'list_price'> {
  close_price: number;
  list_price: number | null;
  /** A date column, read as YYYY-MM-DD text where the code casts it (close_date::text). */
  close_date: ColumnType<Date, Date | string, Date | string>;
  /** When it came on the market: the sold listing's, kept when the sale removed it (0037; null when unknown). */
  on_market_date: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Closed residential leases: RESO ResidentialLease rows, ClosePrice the monthly rent (0030). */
export interface LeasesTable extends Omit<ListingColumns, 'list_price'> {
  rent: number;
  /** A date column, read as YYYY-MM-DD text where the code casts it (close_date::text). */
  close_date: ColumnType<Date, Date | string, Date | string>;
}

/** Listings that left the market before this database held them: their place, time and prices (0039). */
export interface PastListingsTable {
  listing_key: string;
  city: string;
  state: string;
  zip: string;
  area: number | null;
  latitude: number;
  longitude: number;
  list_price: number;
  /** Its cuts' days (YYYY-MM-DD), oldest first, and the prices they went to. */
  cut_dates: ColumnType<Array<Date | string>, string[] | undefined, string[]>;
  cut_prices: ColumnType<number[], number[] | undefined, number[]>;
  on_market_date: ColumnType<Date, Date | string, Date | string>;
  off_market_date: ColumnType<Date, Date | string, Date | string>;
  created_at: Generated<Date>;
}

/** A property in an investor's pipeline (0040); property_id turns null when the listing is removed. */
export interface PipelineDealsTable {
  id: Generated<string>;
  user_id: string;
  property_id: string | null;
  listing_key: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  latitude: number | null;
  longitude: number | null;
  list_price: number | null;
  stage: PipelineStageKey;
  offer_price: number | null;
  stage_since: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Each move of a pipeline deal into a stage, its entry first (0040). */
export interface PipelineMovesTable {
  id: GeneratedAlways<string>;
  deal_id: string;
  stage: PipelineStageKey;
  moved_at: Timestamp;
}

/** A property an investor owns (0043): the purchase, its loan and the projection made then. */
export interface PortfolioPropertiesTable {
  id: Generated<string>;
  seq: GeneratedAlways<string>;
  user_id: string;
  deal_id: string | null;
  property_id: string | null;
  address: string;
  city: string;
  state: string;
  zip: string;
  latitude: number | null;
  longitude: number | null;
  beds: number | null;
  baths: number | null;
  area: number | null;
  purchase_price: number;
  /** Read as text (YYYY-MM-DD). */
  purchase_date: ColumnType<Date, string, string>;
  loan: Json<PortfolioLoan | null>;
  plan: Json<PortfolioPlan>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A month's actuals of an owned property (0043); `month` is YYYY-MM. */
export interface PortfolioMonthsTable {
  portfolio_property_id: string;
  month: string;
  rent: number;
  vacant_days: number;
  expenses: number;
  note: string | null;
  updated_at: Timestamp;
}

/** Dealmap's estimates of an owned property in a month (0043), kept once the month is over. */
export interface PortfolioSnapshotsTable {
  portfolio_property_id: string;
  month: string;
  value: number | null;
  value_low: number | null;
  value_high: number | null;
  rent: number | null;
  rent_low: number | null;
  rent_high: number | null;
  recorded_at: Timestamp;
}

/** A property's analysis shared as a read-only link (0042); `report` is what the link opens. */
export interface SharedReportsTable {
  id: Generated<string>;
  user_id: string;
  property_id: string | null;
  address: string;
  report: Json<SharedReport>;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  views: Generated<number>;
  last_viewed_at: NullableTimestamp;
  created_at: Generated<Date>;
}

/** A watched deal's listing's price cut, status change or new sold comp, each once (0041). */
export interface PipelineAlertsTable {
  id: Generated<string>;
  deal_id: string;
  user_id: string;
  reason: WatchReason;
  /** What makes it once: the cut's price, the new status, the comp's id. */
  key: string;
  /** The new list price of a cut, the comp's sold price; null for a status change. */
  price: number | null;
  previous_price: number | null;
  status: string | null;
  comp_address: string | null;
  created_at: Generated<Date>;
  read_at: NullableTimestamp;
}

export interface RatesTable {
  id: Generated<string>;
  product: string;
  rate: number;
  as_of: ColumnType<Date, Date | string, Date | string>;
  source: Generated<string>;
  created_at: Timestamp;
}

/** The MLS listing feed's one row (id 1): what it replicates, its cursor and its state (0032). */
export interface ListingFeedTable {
  id: Generated<number>;
  service_url: string;
  filter: string | null;
  /** The last ModificationTimestamp written, as the server wrote it (its precision kept for the next filter). */
  cursor_modified_at: string | null;
  cursor_listing_key: string | null;
  last_success_at: NullableTimestamp;
  last_reconciled_at: NullableTimestamp;
  failing_since: NullableTimestamp;
  last_error: string | null;
  /** Moved by the server running a sync after each page: a run without one for a while has died. */
  heartbeat_at: NullableTimestamp;
}

/** One run of the listing feed (0032). */
export interface ListingFeedRunsTable {
  id: GeneratedAlways<number>;
  kind: string;
  trigger: string;
  started_at: Generated<Date>;
  finished_at: NullableTimestamp;
  rows_read: Generated<number>;
  /** The rows the server said the run would read (@odata.count), when it said. */
  total: number | null;
  added: Generated<number>;
  updated: Generated<number>;
  rejected: Generated<number>;
  off_market: Generated<number>;
  error: string | null;
}

/** A market's model of prices (`value`) or rents (`rent`), fitted by the recomputation (0034). */
export interface MarketModelsTable {
  kind: 'value' | 'rent';
  /** marketKey: the city lower-cased and the state upper-cased. */
  market: string;
  city: string;
  state: string;
  ref_month: number;
  observations: number;
  /** The MarketModel (src/shared/valuation/market-model.ts). */
  model: Json<MarketModel>;
}

/** What the models of a kind were fitted on (0034). */
export interface MarketModelFitsTable {
  kind: 'value' | 'rent';
  fingerprint: string;
  as_of: ColumnType<string | null, string | null, string | null>;
  fitted_at: Generated<Date>;
}

/** Each backtest run (0034; docs/accuracy.md). */
export interface AccuracyRunsTable {
  id: GeneratedAlways<number>;
  trigger: string;
  started_at: Generated<Date>;
  finished_at: NullableTimestamp;
  heartbeat_at: Generated<Date>;
  status: ColumnType<
    'running' | 'succeeded' | 'failed',
    'running' | 'succeeded' | 'failed' | undefined,
    'running' | 'succeeded' | 'failed'
  >;
  error: string | null;
  fingerprint: string | null;
  sales_as_of: ColumnType<string | null, string | null | undefined, string | null>;
  leases_as_of: ColumnType<string | null, string | null | undefined, string | null>;
  sales_tested: number | null;
  sales_estimated: number | null;
  leases_tested: number | null;
  leases_estimated: number | null;
}

/** What a backtest measured, over all, per market and per ZIP, and the bounds of the ranges shown since (0034). */
export interface AccuracyFiguresTable {
  run_id: number;
  kind: 'value' | 'rent';
  level: 'all' | 'city' | 'zip';
  city: string;
  state: string;
  zip: string;
  tested: number;
  count: number;
  median_ratio: number | null;
  cod: number | null;
  prd: number | null;
  median_abs_error: number | null;
  within_5: number | null;
  within_10: number | null;
  within_20: number | null;
  bias: number | null;
  coverage: number | null;
  /** Counts per bin of ERROR_BINS (src/shared/valuation/ratio-study.ts), as JSON text. */
  histogram: ColumnType<number[], string, string>;
  range_lower: number | null;
  range_upper: number | null;
  range_count: number | null;
  range_basis: 'market' | 'pooled';
}

/** The PMMS feed's one row (id 1): its last fetch and how it went. */
/** The one row of the cluster's re-pricing state (migration 0026). */
export interface PricingStateTable {
  id: Generated<boolean>;
  version: Generated<number>;
  requested_at: NullableTimestamp;
  running_since: NullableTimestamp;
  heartbeat_at: NullableTimestamp;
  done: Generated<number>;
  total: Generated<number>;
}

export interface RatesFeedTable {
  id: Generated<number>;
  url: string;
  last_fetch_at: NullableTimestamp;
  last_success_at: NullableTimestamp;
  last_error: string | null;
  last_written: number | null;
}

export interface RecentSearchesTable {
  id: Generated<string>;
  user_id: string;
  place_id: string | null;
  name: string;
  formatted_address: Generated<string>;
  lat: number;
  lng: number;
  viewport: Json<MapBounds | null, MapBounds | null | undefined>;
  /** The search's filters as query parameters (src/shared/search-filters.ts); {} for none. */
  filters: Json<Record<string, string>, Record<string, string> | undefined>;
  created_at: Timestamp;
}

export type AlertFrequency = 'instant' | 'daily' | 'off';
export type AlertReason = 'new' | 'price_cut' | 'now_pays';

/** A user's saved search (0028): the view, the query as the URL carries it, its filters as columns, its alert. */
export interface SavedSearchesTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  south: number;
  west: number;
  north: number;
  east: number;
  /** The place searched for, when the view came from one. */
  place: string | null;
  /** The search page's query parameters (filters, sort, strategy, view), to restore it. */
  query: Json<Record<string, string>, Record<string, string> | undefined>;
  min_price: number | null;
  max_price: number | null;
  min_beds: number | null;
  min_baths: number | null;
  deal: string[] | null;
  strategy: string | null;
  min_coc: number | null;
  min_days: number | null;
  max_days: number | null;
  min_cut: number | null;
  /** At least this many percent below the value estimate (0034). */
  min_below_value: number | null;
  alert: ColumnType<AlertFrequency, AlertFrequency | undefined, AlertFrequency>;
  last_viewed_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A listing a saved search newly matched, and why (0028): a notification, and a line of an e-mail. */
export interface AlertMatchesTable {
  id: Generated<string>;
  search_id: string;
  user_id: string;
  property_id: string;
  reason: AlertReason;
  /** The new price of a price cut (each further cut is a new alert); 0 for the other reasons. */
  cut_price: Generated<number>;
  price: number;
  cash_on_cash: number | null;
  matched_at: Timestamp;
  read_at: NullableTimestamp;
  emailed_at: NullableTimestamp;
}

/** Listing changes as one row (0029, listings): bumped wherever listing changes end, read by the alert worker. */
export interface ListingChangesTable {
  id: Generated<boolean>;
  version: Generated<number>;
  changed_at: Timestamp;
}

/** The alert matcher's and mailer's one row (0029). */
export interface AlertStateTable {
  id: Generated<boolean>;
  /** The listing_changes version the last pass handled. */
  handled_version: Generated<number>;
  /** Listings changed from here on are the next pass's. */
  watermark: Timestamp;
  /** Whether alert_listing_cocs is kept (while some search has a minimum cash-on-cash). */
  snapshot_kept: Generated<boolean>;
  last_pass_at: NullableTimestamp;
  /** When an instant e-mail may be due (null: none waiting). */
  instant_due_at: NullableTimestamp;
  /** The digest time whose daily e-mails were all sent. */
  digest_done_for: NullableTimestamp;
}

/** Each listing's cash-on-cash as the alert matcher last saw it (0029). */
export interface AlertListingCocsTable {
  property_id: string;
  buy_hold_coc: number | null;
  brrrr_coc: number | null;
  fix_flip_coc: number | null;
  short_term_coc: number | null;
}

/** When each user was last e-mailed alerts (0029). */
export interface AlertMailingsTable {
  user_id: string;
  instant_sent_at: NullableTimestamp;
  digest_sent_at: NullableTimestamp;
}

export interface SavedCalculationsTable {
  id: Generated<string>;
  user_id: string;
  property_id: string;
  name: string;
  strategy: StrategyKey;
  what_if: Json<WhatIf>;
  /** The results recomputed from what_if when saved. */
  results: Json<SavedResults>;
  rate: number;
  list_price: number;
  comp_ids: Generated<string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ContactsTable {
  id: Generated<string>;
  agent_id: string;
  name: string;
  email: Generated<string>;
  phone: Generated<string>;
  notes: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ContactPropertiesTable {
  contact_id: string;
  property_id: string;
}

/** Our geocoding of the listings' cities and ZIPs (migration 0009), rebuilt after bulk writes. */
export interface PlacesTable {
  kind: 'city' | 'zip';
  /** city: "austin|TX"; zip: the ZIP. */
  key: string;
  city: string;
  state: string;
  zip: string | null;
  latitude: number;
  longitude: number;
  south: number;
  west: number;
  north: number;
  east: number;
  listings: number;
}

/** A city's or ZIP's figures of one month (0035; docs/markets.md): medians and the counts behind them. */
export interface MarketTrendMonthsTable {
  kind: 'city' | 'zip';
  key: string;
  /** The month's first day. */
  month: ColumnType<Date, Date | string, Date | string>;
  active_count: number;
  list_price_median: number | null;
  list_ppsf_median: number | null;
  list_ppsf_count: number;
  new_listings: number;
  dom_median: number | null;
  cut_count: number;
  /** Active listings whose price history is known (not a sold listing's span): the cut share's base (0037). */
  cut_base_count: number;
  sold_count: number;
  sold_price_median: number | null;
  sold_ppsf_median: number | null;
  sold_ppsf_count: number;
  sale_to_list_median: number | null;
  sale_to_list_count: number;
  lease_count: number;
  rent_median: number | null;
  rent_ppsf_median: number | null;
  rent_ppsf_count: number;
}

/** When the market trends were last rebuilt, and from which data (one row, 0035). */
export interface MarketTrendsStateTable {
  id: Generated<number>;
  fingerprint: string;
  refreshed_at: Timestamp;
  took_ms: number;
  rows: number;
}

/** Every table's column types: the database's schema as Kysely sees it (a connection is `Db`, db/database.ts). */
export interface Tables {
  roles: RolesTable;
  accounts: AccountsTable;
  users: UsersTable;
  strategies: StrategiesTable;
  markets: MarketsTable;
  interests: InterestsTable;
  user_strategies: UserStrategiesTable;
  user_markets: UserMarketsTable;
  user_interests: UserInterestsTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  startup_tasks: StartupTasksTable;
  rate_limit_hits: RateLimitHitsTable;
  notes: NotesTable;
  audit_log: AuditLogTable;
  admin_import_jobs: AdminImportJobsTable;
  properties: PropertiesTable;
  sold_comps: SoldCompsTable;
  leases: LeasesTable;
  past_listings: PastListingsTable;
  pipeline_deals: PipelineDealsTable;
  pipeline_moves: PipelineMovesTable;
  pipeline_alerts: PipelineAlertsTable;
  shared_reports: SharedReportsTable;
  portfolio_properties: PortfolioPropertiesTable;
  portfolio_months: PortfolioMonthsTable;
  portfolio_snapshots: PortfolioSnapshotsTable;
  property_returns: PropertyReturnsTable;
  price_history: PriceHistoryTable;
  saved_searches: SavedSearchesTable;
  alert_matches: AlertMatchesTable;
  listing_changes: ListingChangesTable;
  alert_state: AlertStateTable;
  alert_listing_cocs: AlertListingCocsTable;
  alert_mailings: AlertMailingsTable;
  rates: RatesTable;
  rates_feed: RatesFeedTable;
  listing_feed: ListingFeedTable;
  listing_feed_runs: ListingFeedRunsTable;
  pricing_state: PricingStateTable;
  recent_searches: RecentSearchesTable;
  saved_calculations: SavedCalculationsTable;
  contacts: ContactsTable;
  contact_properties: ContactPropertiesTable;
  places: PlacesTable;
  market_models: MarketModelsTable;
  market_model_fits: MarketModelFitsTable;
  accuracy_runs: AccuracyRunsTable;
  accuracy_figures: AccuracyFiguresTable;
  market_trend_months: MarketTrendMonthsTable;
  market_trends_state: MarketTrendsStateTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
