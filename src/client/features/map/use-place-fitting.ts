import { useMap } from '@vis.gl/react-google-maps';
import { useCallback, useEffect, useRef } from 'react';
import { SEARCH_ZOOM } from './map-constants';
import type { SelectedPlace } from './toolbar/place-search';

/** Fits the map to a place (fitBounds(viewport), else panTo + the search zoom). */
function fitPlace(map: google.maps.Map, place: SelectedPlace) {
  if (place.viewport) map.fitBounds(place.viewport);
  else {
    map.panTo(place.location);
    map.setZoom(SEARCH_ZOOM);
  }
}

/**
 * Fits the map to a chosen place. A place chosen before the map exists (the landing page's search)
 * is fitted as soon as it does.
 */
export function usePlaceFitting(): (place: SelectedPlace) => void {
  const map = useMap();
  const pending = useRef<SelectedPlace | null>(null);
  useEffect(() => {
    if (map && pending.current) {
      fitPlace(map, pending.current);
      pending.current = null;
    }
  }, [map]);
  return useCallback(
    (place: SelectedPlace) => {
      if (map) fitPlace(map, place);
      else pending.current = place;
    },
    [map],
  );
}
