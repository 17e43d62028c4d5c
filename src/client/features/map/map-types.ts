import type { DealConfidence, MarkerColor } from '../../../shared/deal-status';
import type { AssumptionOverrides } from '../../../shared/invest/defaults';
import type { BRRRRResults } from '../../../shared/invest/brrrr';
import type { BuyHoldResults } from '../../../shared/invest/buy-hold';
import type { FixFlipResults } from '../../../shared/invest/fix-flip';
import type { ShortTermResults } from '../../../shared/invest/short-term-rental';

type WithInfinite<T> = T & { cashOnCashInfinite?: boolean };

/** A listed property as GET /searchProperties and GET /property/:id return it (spec section 3). */
export interface MapProperty {
  _id: string;
  LatestListingPrice: number;
  PublicListingRemarks?: string | null;
  BedroomsTotal?: number | null;
  BathroomsTotal?: number | null;
  BathroomsFull?: number | null;
  BathroomsHalf?: number | null;
  BathroomsThreeQuarter?: number | null;
  BuildingAreaTotal?: number | null;
  PropertyAddressFull?: string | null;
  PropertyAddressCity?: string | null;
  PropertyAddressState?: string | null;
  PropertyAddressZIP?: string | null;
  /** GeoJSON point: [lng, lat]. */
  location: { type?: 'Point'; coordinates: [number, number] };
  markerColor?: MarkerColor | null;
  compIDs?: string[] | null;
  zIndex?: number;
  dealStatus?: string;
  confidence?: DealConfidence | null;
  /** The engine's inputs for this listing: the feed's estimates or the documented fallbacks. */
  monthlyRent?: number | null;
  rehabEstimate?: number | null;
  arvEstimate?: number | null;
  /** Peak-season nightly rate. */
  nightlyRate?: number | null;
  updatedAt?: string;
  /** GET /property/:id only: its market's overrides of the default assumptions, or null. */
  marketAssumptions?: AssumptionOverrides | null;
  BuyHoldResults?: WithInfinite<BuyHoldResults> | null;
  BRRRRResults?: WithInfinite<BRRRRResults> | null;
  FixFlipResults?: WithInfinite<FixFlipResults> | null;
  ShortTermResults?: WithInfinite<ShortTermResults> | null;
}

/** A sold comparable (GET /property/comps). */
export interface Comp {
  _id: string;
  MLSSoldPrice: number;
  LatestListingPrice?: number | null;
  BedroomsTotal?: number | null;
  BathroomsTotal?: number | null;
  BathroomsFull?: number | null;
  BathroomsHalf?: number | null;
  BathroomsThreeQuarter?: number | null;
  BuildingAreaTotal?: number | null;
  PropertyAddressFull?: string | null;
  PropertyAddressCity?: string | null;
  PropertyAddressState?: string | null;
  PropertyAddressZIP?: string | null;
  closeDate?: string | null;
}

export interface SearchPropertiesArgs {
  type: 'bounds';
  zoom: number;
  /** JSON {ne:{lat,lng}, sw:{lat,lng}}. */
  bounds: string;
  /** The paging token of the previous page; absent on the first page. */
  next?: string;
}

export interface SearchPropertiesPage {
  properties: MapProperty[];
  /** A paging token, or 'done'. */
  next: string;
}

/** A recorded place search (GET/POST /recentSearches). */
export interface RecentSearch {
  _id: string;
  placeId: string | null;
  name: string;
  formattedAddress: string;
  lat: number;
  lng: number;
  viewport: { ne: { lat: number; lng: number }; sw: { lat: number; lng: number } } | null;
  createdAt: string;
}

export type NewRecentSearch = Omit<RecentSearch, '_id' | 'createdAt' | 'placeId' | 'viewport'> & {
  placeId?: string;
  viewport?: RecentSearch['viewport'];
};

export interface MapConfig {
  googleMapsApiKey: string | null;
  googleMapsMapId: string | null;
}
