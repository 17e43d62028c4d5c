import type { RatesFeedStatus } from './schemas/rates';

/** The feed's status when RATES_FEED_URL is not set (GET /admin/rates/status). */
export const NO_FEED: RatesFeedStatus = {
  configured: false,
  url: null,
  lastFetchAt: null,
  lastSuccessAt: null,
  lastError: null,
  lastWritten: null,
  nextFetchAt: null,
  fetching: false,
};
