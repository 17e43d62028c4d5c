import {
  DEFAULT_TREND_MONTHS,
  MAX_COMPARED_MARKETS,
  MARKET_ID_PATTERN,
  type AreaTrendsAnswer,
  type AreaTrendsQuery,
  type MarketTrendsAnswer,
  type TrendMarket,
} from '../../../shared/schemas/market-trends';
import { addMonths, MAX_AREA_DEGREES, monthOf, monthsEnding, seriesOf } from '../../../shared/trends';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { PlacesTable } from '../../db/schema';
import { ServerBusyError } from '../../http/busy';
import { badRequest, notFound } from '../../http/errors';
import { createMarketTrendsRepository, LOCK_NOT_AVAILABLE } from './repository';

/** How many followed markets the dashboard shows. */
export const MAX_FOLLOWED_MARKETS = 6;
/** The dashboard's cards compare the latest month with the one a year before. */
const FOLLOWED_MONTHS = 13;

export const TREND_MESSAGES = {
  badMarket: (id: string) => `"${id}" is not a market: name a city as city:austin|TX or a ZIP as zip:78701`,
  tooManyMarkets: `Compare at most ${MAX_COMPARED_MARKETS} markets at a time`,
  sameMarketTwice: 'Each market can be compared once',
  noMarket: (id: string) => `No listings in ${id}: GET /api/v1/auth/geocode finds the cities and ZIPs that have them`,
  boxOrder: 'The area is upside down: north must be above south and east beyond west',
  importing: 'The listings are being imported: try again in a moment',
  boxTooWide: `Zoom in: the trends of a visible area are worked out for areas up to ${MAX_AREA_DEGREES}° across; a city or a ZIP has them for any size`,
} as const;

const MARKET_ID = new RegExp(MARKET_ID_PATTERN);

/** `city:austin|TX` → the places' kind and key (the city lower case, the state upper case). */
export function parseMarketId(id: string): { kind: 'city' | 'zip'; key: string } {
  const trimmed = id.trim();
  if (!MARKET_ID.test(trimmed))
    throw badRequest(TREND_MESSAGES.badMarket(trimmed), { markets: TREND_MESSAGES.badMarket(trimmed) });
  const [kind, rest] = [trimmed.slice(0, trimmed.indexOf(':')), trimmed.slice(trimmed.indexOf(':') + 1)];
  if (kind === 'zip') return { kind, key: rest };
  const [city, state] = rest.split('|');
  return { kind: 'city', key: `${city.trim().toLowerCase()}|${state.toUpperCase()}` };
}

function marketOf(place: Selectable<PlacesTable>): TrendMarket {
  const where = `${place.city}, ${place.state}`;
  return {
    id: `${place.kind}:${place.key}`,
    kind: place.kind,
    label: place.kind === 'zip' ? `${place.zip} (${where})` : where,
    city: place.city,
    state: place.state,
    zip: place.zip,
    bounds: { ne: { lat: place.north, lng: place.east }, sw: { lat: place.south, lng: place.west } },
  };
}

export function createMarketTrendsService(db: Db, now: () => Date = () => new Date()) {
  const repository = createMarketTrendsRepository(db);
  const builtAndListingsFrom = async () => {
    const [built, listingsFrom] = await Promise.all([repository.builtFrom(), repository.listingsFrom()]);
    return { refreshedAt: built?.refreshedAt.toISOString() ?? null, listingsFrom };
  };
  const window = (months = DEFAULT_TREND_MONTHS) => {
    const last = monthOf(now());
    return { months: monthsEnding(last, months), from: `${addMonths(last, 1 - months)}-01` };
  };
  return {
    async series(ids: string, monthCount?: number): Promise<MarketTrendsAnswer> {
      const wanted = ids.split(',').map(parseMarketId);
      if (wanted.length > MAX_COMPARED_MARKETS)
        throw badRequest(TREND_MESSAGES.tooManyMarkets, { markets: TREND_MESSAGES.tooManyMarkets });
      const keys = wanted.map((m) => `${m.kind}:${m.key}`);
      if (new Set(keys).size < keys.length)
        throw badRequest(TREND_MESSAGES.sameMarketTwice, { markets: TREND_MESSAGES.sameMarketTwice });
      const { months, from } = window(monthCount);
      const series = await Promise.all(
        wanted.map(async ({ kind, key }, i) => {
          const place = await repository.place(kind, key);
          if (!place) throw notFound(TREND_MESSAGES.noMarket(keys[i]));
          return { market: marketOf(place), months: seriesOf(await repository.months(kind, key, from), months) };
        }),
      );
      return { series, ...(await builtAndListingsFrom()) };
    },

    /** The cities the user's saved searches look at, each with its last 13 months. */
    async followed(userId: string): Promise<MarketTrendsAnswer> {
      const { months, from } = window(FOLLOWED_MONTHS);
      const places = await repository.followedCities(userId, MAX_FOLLOWED_MARKETS);
      const series = await Promise.all(
        places.map(async (place) => ({
          market: marketOf(place),
          months: seriesOf(await repository.months(place.kind, place.key, from), months),
        })),
      );
      return { series, ...(await builtAndListingsFrom()) };
    },

    async area(query: AreaTrendsQuery): Promise<AreaTrendsAnswer> {
      const { north, south, east, west } = query;
      if (north <= south || east <= west) throw badRequest(TREND_MESSAGES.boxOrder);
      if (north - south > MAX_AREA_DEGREES || east - west > MAX_AREA_DEGREES) throw badRequest(TREND_MESSAGES.boxTooWide);
      const { months, from } = window(query.months);
      const rows = await repository.areaMonths({ start: from, box: { north, south, east, west } }).catch((error: unknown) => {
        if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE) throw new ServerBusyError(TREND_MESSAGES.importing);
        throw error;
      });
      return { months: seriesOf(rows, months), listingsFrom: await repository.listingsFrom() };
    },
  };
}
