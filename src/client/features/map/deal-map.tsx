import {
  APILoadingStatus,
  APIProvider,
  InfoWindow,
  Map,
  useApiLoadingStatus,
  useMap,
  useMapsLibrary,
  type MapEvent,
} from '@vis.gl/react-google-maps';
import { Drawer } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useWindowWidth } from '../../components/use-window-width';
import { BREAKPOINTS } from '../../constants';
import { useAddRecentSearchMutation } from './map-api';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import type { MapBounds } from '../../../shared/geo/bounds';
import { boundsEqual } from './bounds-search';
import type { InitialCamera } from './camera-params';
import { FALLBACK_MAP_ID, MAP_TEXT, POPUP_WIDTH, SEARCH_ZOOM } from './map-constants';
import { MapLegend } from './map-legend';
import { propertySelected, selectionCleared, selectSelectedProperty, viewportChanged } from './map-slice';
import { MarkerLayerController } from './marker-layer';
import { propertyLatLng } from './marker-diff';
import { PlaceSearch, type SelectedPlace } from './place-search';
import { PropertyPopup } from './property-popup';
import { useSelectedProperty } from './use-selected-property';
import type { MapProperty, PropertyCluster } from './map-types';
import { hasFilters, matchesFilters, searchFilterParams, type SearchFilters } from '../../../shared/search-filters';
import './map.css';

export function MapMessage({ children, testId = 'map-message' }: { children: ReactNode; testId?: string }) {
  return (
    <div className="dm-map-message" role="alert" data-testid={testId}>
      {children}
    </div>
  );
}

/** Google calls window.gm_authFailure when it rejects the key; the map is replaced by 'Error: AuthFailure'. */
function useGmAuthFailure(): boolean {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const previous = window.gm_authFailure;
    window.gm_authFailure = () => {
      setFailed(true);
      previous?.();
    };
    return () => {
      window.gm_authFailure = previous;
    };
  }, []);
  return failed;
}

/** Reports the loader's FAILED / AUTH_FAILURE status upwards. */
function LoadingStatusWatcher({ onFailed, onAuthFailure }: { onFailed: () => void; onAuthFailure: () => void }) {
  const status = useApiLoadingStatus();
  useEffect(() => {
    if (status === APILoadingStatus.FAILED) onFailed();
    if (status === APILoadingStatus.AUTH_FAILURE) onAuthFailure();
  }, [status, onFailed, onAuthFailure]);
  return null;
}

const toMapBounds = (b: google.maps.LatLngBoundsLiteral): MapBounds => ({
  ne: { lat: b.north, lng: b.east },
  sw: { lat: b.south, lng: b.west },
});

/**
 * Creates the marker layer once the map and the marker library are in, and keeps it in line with
 * the slice's known properties, or with the server's cells in a wide view.
 */
function PropertyMarkers({
  serverCells,
  filters,
  highlightedId,
  onHover,
}: {
  serverCells: PropertyCluster[] | null;
  filters: SearchFilters;
  highlightedId: string | null;
  onHover: (id: string | null) => void;
}) {
  const map = useMap();
  const markerLib = useMapsLibrary('marker');
  const dispatch = useAppDispatch();
  // The layer lives outside React (it draws on the map); nothing renders from it.
  const controllerRef = useRef<MarkerLayerController | null>(null);
  const all = useAppSelector((s) => s.map.properties.entities);
  const known = useAppSelector((s) => s.map.properties.ids.length);
  // The markers show what passes the filters (the same rules as the list and the server).
  const entities = useMemo(() => {
    if (!hasFilters(filters)) return all;
    const kept: Record<string, MapProperty> = {};
    for (const id in all) {
      const p = all[id];
      if (p && matchesFilters(p, filters)) kept[id] = p;
    }
    return kept;
  }, [all, filters]);

  // The layer outlives a new onHover (a ref), as it does every other render.
  const onHoverRef = useRef(onHover);
  useEffect(() => {
    onHoverRef.current = onHover;
  }, [onHover]);

  useEffect(() => {
    if (!map || !markerLib) return undefined;
    const c = new MarkerLayerController(
      map,
      markerLib,
      (id) => dispatch(propertySelected(id)),
      (id) => onHoverRef.current(id),
    );
    controllerRef.current = c;
    return () => {
      c.destroy();
      controllerRef.current = null;
    };
  }, [map, markerLib, dispatch]);

  // The effects below run after the one above in the same commit, so a new layer is filled at once.
  useEffect(() => {
    const controller = controllerRef.current;
    if (!controller) return undefined;
    // Pages arrive in bursts: one re-index per frame.
    const frame = requestAnimationFrame(() => {
      controller.sync(entities);
      const div = map?.getDiv?.();
      if (div) {
        div.dataset.shownMarkers = String(controller.counts.shown);
        div.dataset.knownProperties = String(known);
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [map, markerLib, entities, known]);

  useEffect(() => {
    const controller = controllerRef.current;
    if (!controller) return;
    controller.showServerCells(serverCells);
    const div = map?.getDiv?.();
    if (div) div.dataset.markerMode = serverCells ? 'server-clusters' : 'properties';
  }, [map, markerLib, serverCells]);

  useEffect(() => {
    controllerRef.current?.highlight(highlightedId);
  }, [map, markerLib, highlightedId]);
  return null;
}

/**
 * A stable array: vis.gl's InfoWindow re-runs its open effect when this prop changes identity, and
 * that effect's cleanup closes the window (firing onClose), so a fresh literal closed the popup on
 * every re-render.
 */
const POPUP_OFFSET: [number, number] = [0, -40];

function SelectedPropertyWindow() {
  const dispatch = useAppDispatch();
  const property = useSelectedProperty();
  const close = useCallback(() => dispatch(selectionCleared()), [dispatch]);
  const phone = useWindowWidth() < BREAKPOINTS.sm;
  if (!property) return null;
  const position = propertyLatLng(property);
  if (!position) return null;
  if (phone) {
    // A 600 px window does not fit a phone: a bottom sheet as wide as the screen instead.
    return (
      <Drawer
        open
        placement="bottom"
        size="78vh"
        onClose={close}
        closable={false}
        title={null}
        destroyOnHidden
        rootClassName="dm-popup-drawer"
        styles={{ body: { padding: 12 } }}
      >
        <PropertyPopup property={property} onClose={close} layout="sheet" />
      </Drawer>
    );
  }
  return (
    <InfoWindow
      key={property._id}
      position={position}
      pixelOffset={POPUP_OFFSET}
      headerDisabled
      minWidth={POPUP_WIDTH}
      maxWidth={POPUP_WIDTH + 40}
      onClose={close}
      onCloseClick={close}
    >
      <PropertyPopup property={property} onClose={close} />
    </InfoWindow>
  );
}

/** Writes the viewport to the slice each time the camera settles (uncontrolled camera). */
function useViewportOnIdle() {
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

/** Fits the map to a place (fitBounds(viewport), else panTo + the search zoom). */
function fitPlace(map: google.maps.Map, place: SelectedPlace) {
  if (place.viewport) map.fitBounds(place.viewport);
  else {
    map.panTo(place.location);
    map.setZoom(SEARCH_ZOOM);
  }
}

/**
 * Fits the map to a chosen place and records it as a recent search with the filters (failures
 * logged only). A place
 * chosen before the map exists (the landing page's search) is fitted as soon as it does.
 */
function usePlaceSelected(filters: SearchFilters) {
  const map = useMap();
  const pending = useRef<SelectedPlace | null>(null);
  const [addRecentSearch] = useAddRecentSearchMutation();
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
    [map, addRecentSearch, filters],
  );
}

/** Re-centres on later `?lat=&lng=&zoom=` changes (the first one is the map's default camera). */
function CameraFollower({ camera }: { camera: InitialCamera }) {
  const map = useMap();
  const first = useRef(true);
  const { lat, lng } = camera.center;
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!map || !camera.fromUrl) return;
    // The page writes the settled camera into the URL: that change is where the map already is.
    const here = map.getCenter();
    if (here && Math.abs(here.lat() - lat) < 1e-4 && Math.abs(here.lng() - lng) < 1e-4 && map.getZoom() === camera.zoom) return;
    map.setCenter({ lat, lng });
    map.setZoom(camera.zoom);
  }, [map, lat, lng, camera.zoom, camera.fromUrl]);
  return null;
}

/**
 * On a phone the zoom and camera controls sit at the map's right centre: the bottom right is the
 * quick-actions button's corner (docs/client.md, "Phones"). Elsewhere Google's default places them.
 */
function useSideControlsOnPhone(): { position: google.maps.ControlPosition } | undefined {
  const phone = useWindowWidth() < BREAKPOINTS.md;
  // The enum exists once the Maps API has loaded (the map is drawn only then).
  const position = typeof google === 'undefined' ? undefined : google.maps.ControlPosition?.RIGHT_CENTER;
  return phone && position !== undefined ? { position } : undefined;
}

function MapOverlays({ placeQuery, filters }: { placeQuery: string; filters: SearchFilters }) {
  const onPlace = usePlaceSelected(filters);
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

export interface DealMapProps {
  apiKey: string;
  mapId: string | null;
  /** The Maps usage-reporting channel (GOOGLE_MAPS_CHANNEL), or null. */
  channel?: number | null;
  camera: InitialCamera;
  placeQuery: string;
  /** The wide view's server cells, or null to draw the known properties (useBoundsSearch). */
  serverCells: PropertyCluster[] | null;
  filters: SearchFilters;
  /** The property whose row the pointer is on in the list: its marker stands out. */
  highlightedId: string | null;
  /** The pointer (or focus) rests on a marker (its id), or has left it (null): prefetching. */
  onMarkerHover: (id: string | null) => void;
  /** Where the search box and the legend go in the page (over the map, before the list); absent: inside the map. */
  controlsSlot?: HTMLElement | null;
}

/**
 * The search map: Google map (uncontrolled camera), clustered property markers (filtered), the place
 * search, the legend and the property popup. Maps errors replace the map.
 */
export function DealMap({
  apiKey,
  mapId,
  channel,
  controlsSlot,
  camera,
  placeQuery,
  serverCells,
  filters,
  highlightedId,
  onMarkerHover,
}: DealMapProps) {
  const authFailedByGoogle = useGmAuthFailure();
  const [authFailed, setAuthFailed] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const onFailed = useCallback(() => setLoadFailed(true), []);
  const onAuthFailure = useCallback(() => setAuthFailed(true), []);
  const onIdle = useViewportOnIdle();
  const sideControls = useSideControlsOnPhone();

  if (authFailedByGoogle || authFailed) return <MapMessage testId="map-error">{MAP_TEXT.authFailure}</MapMessage>;
  if (loadFailed) return <MapMessage testId="map-error">{MAP_TEXT.scriptFailed}</MapMessage>;

  return (
    <APIProvider
      apiKey={apiKey}
      {...(channel == null ? {} : { channel })}
      language="en"
      region="US"
      onError={(error: unknown) => {
        console.error('Google Maps failed to load', error);
        setLoadFailed(true);
      }}
    >
      <LoadingStatusWatcher onFailed={onFailed} onAuthFailure={onAuthFailure} />
      <div className="dm-deal-map" data-testid="deal-map">
        {/*
          The search box and the legend sit over the map but come earlier in the page (controlsSlot, before
          the list and the map), so the tab order is search box, list, then markers: the screen's order,
          without tabbing through every marker to reach the list.
        */}
        {controlsSlot ? (
          createPortal(<MapOverlays placeQuery={placeQuery} filters={filters} />, controlsSlot)
        ) : (
          <MapOverlays placeQuery={placeQuery} filters={filters} />
        )}
        <Map
          mapId={mapId || FALLBACK_MAP_ID}
          defaultCenter={camera.center}
          defaultZoom={camera.zoom}
          gestureHandling="greedy"
          clickableIcons={false}
          mapTypeControl={false}
          streetViewControl={false}
          fullscreenControl={false}
          zoomControlOptions={sideControls}
          cameraControlOptions={sideControls}
          onIdle={onIdle}
          className="dm-deal-map-canvas"
        >
          <PropertyMarkers serverCells={serverCells} filters={filters} highlightedId={highlightedId} onHover={onMarkerHover} />
          <SelectedPropertyWindow />
          <CameraFollower camera={camera} />
        </Map>
      </div>
    </APIProvider>
  );
}
