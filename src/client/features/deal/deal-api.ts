import { api, authCall } from '../../api/base-api';
import type { Comp, LeaseComp, Property } from '../../../shared/schemas/property';
import { PROPERTY_CACHE_SECONDS } from './deal-constants';

/** A deal's calls: the whole property, its comps and its lease comps, read by the map's popup and the property page. */
export const dealApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /property/{id}: the whole property (results, comp ids, remarks, engine inputs) that a search
     * summary leaves out: the popup's tabs and the property page. Prefetched when a row or a marker is
     * hovered; an entry nobody reads is kept PROPERTY_CACHE_SECONDS (deal-constants.ts).
     */
    property: build.query<Property, string>({
      query: (id) => authCall(`/property/${encodeURIComponent(id)}`),
      keepUnusedDataFor: PROPERTY_CACHE_SECONDS,
      providesTags: ['Pricing'],
    }),
    /** Comps of a property, by its compIDs (comma-separated): the popup's Comps tab and the property page. */
    propertyComps: build.query<Comp[], string[]>({
      query: (ids) => authCall({ url: '/property/comps', params: { ids: ids.join(',') } }),
    }),
    /** Lease comps of a property, by its leaseCompIds: the rent estimate's leases in the popup and on the property page. */
    propertyLeaseComps: build.query<LeaseComp[], string[]>({
      query: (ids) => authCall({ url: '/property/lease-comps', params: { ids: ids.join(',') } }),
    }),
  }),
});

export const { usePropertyQuery, usePropertyCompsQuery, usePropertyLeaseCompsQuery } = dealApi;
