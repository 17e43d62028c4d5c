import type { MapEvent } from '@vis.gl/react-google-maps';
import { useCallback } from 'react';
import type { MapBounds } from '../../../shared/geo/bounds';
import { useAppDispatch, useAppStore } from '../../app/hooks';
import { boundsEqual } from './bounds-search';
import { viewportChanged } from './map-slice';

/** Google's bounds literal as the slice and the API take them. */
export const toMapBounds = (b: google.maps.LatLngBoundsLiteral): MapBounds => ({
  ne: { lat: b.north, lng: b.east },
  sw: { lat: b.south, lng: b.west },
});

/** The map's onIdle: writes the viewport to the slice each time the camera settles (uncontrolled camera). */
export function useViewportSync() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  return useCallback(
    (event: MapEvent) => {
      const map = event.map;
      const b = map.getBounds();
      const c = map.getCenter();
      const zoom = map.getZoom();
      if (!b || !c || zoom === undefined) return;
      const bounds = toMapBounds(b.toJSON());
      const current = store.getState().map.viewport;
      if (current.zoom === zoom && boundsEqual(current.bounds, bounds)) return;
      dispatch(viewportChanged({ center: c.toJSON(), zoom, bounds }));
    },
    [dispatch, store],
  );
}
