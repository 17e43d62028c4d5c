import { useCallback } from 'react';
import type { SearchFilters } from '../../../shared/search-filters';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { MapLegend } from './map-legend';
import { placeSearched, selectSelectedProperty } from './map-slice';
import { PlaceSearch, type SelectedPlace } from './place-search';
import { usePlaceFitting } from './use-place-fitting';
import { useRecentSearchRecording } from './use-recent-search-recording';

/** The place search (a chosen place is fitted and recorded as a recent search) and the legend, over the map. */
export function MapOverlays({ placeQuery, filters }: { placeQuery: string; filters: SearchFilters }) {
  const fitPlace = usePlaceFitting();
  const recordSearch = useRecentSearchRecording(filters);
  const dispatch = useAppDispatch();
  const onPlace = useCallback(
    (place: SelectedPlace) => {
      fitPlace(place);
      recordSearch(place);
      dispatch(placeSearched({ name: place.name, formattedAddress: place.formattedAddress, location: place.location }));
    },
    [fitPlace, recordSearch, dispatch],
  );
  // The overlays sit above the map (before it in the page, for the keyboard order), where Google's
  // auto-pan does not see them: they step aside while a popup is open, which may reach the map's top
  // corners (the search box hid the popup's address). Closing the popup brings them back.
  const popupOpen = useAppSelector(selectSelectedProperty) !== null;
  return (
    <div className="dm-map-overlays" hidden={popupOpen}>
      <div className="dm-map-top-left">
        <PlaceSearch onPlace={onPlace} initialQuery={placeQuery} />
      </div>
      <div className="dm-map-top-right">
        <MapLegend />
      </div>
    </div>
  );
}
