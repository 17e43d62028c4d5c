import { useCallback } from 'react';
import { searchFilterParams, type SearchFilters } from '../../../shared/search-filters';
import { useAddRecentSearchMutation } from './map-api';
import type { SelectedPlace } from './toolbar/place-search';
import { toMapBounds } from './use-viewport-sync';

/** Records a chosen place as a recent search with the filters (failures logged only). */
export function useRecentSearchRecording(filters: SearchFilters): (place: SelectedPlace) => void {
  const [addRecentSearch] = useAddRecentSearchMutation();
  return useCallback(
    (place: SelectedPlace) => {
      addRecentSearch({
        ...(place.placeId ? { placeId: place.placeId } : {}),
        name: place.name,
        formattedAddress: place.formattedAddress,
        lat: place.location.lat,
        lng: place.location.lng,
        ...(place.viewport ? { viewport: toMapBounds(place.viewport) } : {}),
        filters: searchFilterParams(filters),
      })
        .unwrap()
        .catch((error: unknown) => console.error('Recording the recent search failed', error));
    },
    [addRecentSearch, filters],
  );
}
