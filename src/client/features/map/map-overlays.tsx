import { useCallback } from 'react';
import type { SearchFilters } from '../../../shared/search-filters';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { MapLegend } from './map-legend';
import { ReturnsLegend } from './returns/returns-legend';
import type { ReturnsMap } from './returns/use-returns-map';
import { placeSearched, selectSelectedProperty } from './map-slice';
import { PlaceSearch, type SelectedPlace } from './toolbar/place-search';
import { usePlaceFitting } from './use-place-fitting';
import { useRecentSearchRecording } from './use-recent-search-recording';

/**
 * The place search (a chosen place is fitted and recorded as a recent search) and the legend, over
 * the map: the deal colours', or the returns heat map's while it is on; none on the pipeline layer,
 * whose badges say their stage.
 */
export function MapOverlays({
  placeQuery,
  filters,
  returns,
  pipeline = false,
}: {
  placeQuery: string;
  filters: SearchFilters;
  returns: ReturnsMap | null;
  pipeline?: boolean;
}) {
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
      {pipeline ? null : <div className="dm-map-top-right">{returns ? <ReturnsLegend returns={returns} /> : <MapLegend />}</div>}
    </div>
  );
}
