import type { Migration, MigrationProvider } from 'kysely/migration';

import * as m0001 from './0001-initial';
import * as m0002 from './0002-admin';
import * as m0003 from './0003-listings';
import * as m0004 from './0004-recent-searches';
import * as m0005 from './0005-market-assumptions';
import * as m0006 from './0006-investor-pages';
import * as m0007 from './0007-admin-import-jobs';
import * as m0008 from './0008-map-search-index';
import * as m0009 from './0009-places';
import * as m0010 from './0010-recent-search-filters';
import * as m0011 from './0011-refresh-successor';
import * as m0012 from './0012-startup-tasks';
import * as m0013 from './0013-new-user-defaults';
import * as m0014 from './0014-notes';
import * as m0019 from './0019-properties-bulk-writes';
import * as m0020 from './0020-offer-targets';
import * as m0021 from './0021-rates-feed';
import * as m0022 from './0022-properties-json-results';
import * as m0023 from './0023-drop-unused-gist';
import * as m0024 from './0024-rate-limit-hits';
import * as m0025 from './0025-auth-change-notices';
import * as m0026 from './0026-pricing-state';
import * as m0027 from './0027-listing-history';
import * as m0028 from './0028-saved-searches';
import * as m0029 from './0029-alert-matching';
import * as m0030 from './0030-lease-comps';
import * as m0031 from './0031-property-returns';
import * as m0032 from './0032-listing-feed';
import * as m0033 from './0033-property-returns-hot';
import * as m0034 from './0034-value-estimates';
import * as m0035 from './0035-market-trends';
import * as m0036 from './0036-listings-created-at';
import * as m0037 from './0037-sold-listing-spans';
import * as m0038 from './0038-listings-on-market-date';
import * as m0039 from './0039-past-listings';
import * as m0040 from './0040-pipeline';
import * as m0041 from './0041-pipeline-alerts';
import * as m0042 from './0042-shared-reports';
import * as m0043 from './0043-portfolio';

/** Every migration, in order. Add new ones here; names sort by their numeric prefix. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-admin': m0002,
  '0003-listings': m0003,
  '0004-recent-searches': m0004,
  '0005-market-assumptions': m0005,
  '0006-investor-pages': m0006,
  '0007-admin-import-jobs': m0007,
  '0008-map-search-index': m0008,
  '0009-places': m0009,
  '0010-recent-search-filters': m0010,
  '0011-refresh-successor': m0011,
  '0012-startup-tasks': m0012,
  '0013-new-user-defaults': m0013,
  '0014-notes': m0014,
  '0019-properties-bulk-writes': m0019,
  '0020-offer-targets': m0020,
  '0021-rates-feed': m0021,
  '0022-properties-json-results': m0022,
  '0023-drop-unused-gist': m0023,
  '0024-rate-limit-hits': m0024,
  '0025-auth-change-notices': m0025,
  '0026-pricing-state': m0026,
  '0027-listing-history': m0027,
  '0028-saved-searches': m0028,
  '0029-alert-matching': m0029,
  '0030-lease-comps': m0030,
  '0031-property-returns': m0031,
  '0032-listing-feed': m0032,
  '0033-property-returns-hot': m0033,
  '0034-value-estimates': m0034,
  '0035-market-trends': m0035,
  '0036-listings-created-at': m0036,
  '0037-sold-listing-spans': m0037,
  '0038-listings-on-market-date': m0038,
  '0039-past-listings': m0039,
  '0040-pipeline': m0040,
  '0041-pipeline-alerts': m0041,
  '0042-shared-reports': m0042,
  '0043-portfolio': m0043,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(MIGRATIONS),
};
