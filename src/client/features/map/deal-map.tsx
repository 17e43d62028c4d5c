import { APIProvider, Map } from '@vis.gl/react-google-maps';
import { useCallback, useState } from 'react';
import { createPortal } from 'react-dom';
import type { SearchFilters } from '../../../shared/search-filters';
import type { InitialCamera } from './camera-params';
import { FALLBACK_MAP_ID, MAP_TEXT } from './map-constants';
import { LoadingStatusWatcher, MapMessage, useGmAuthFailure } from './map-error-screens';
import { MapOverlays } from './map-overlays';
import { useSideControlsOnPhone } from './phone-map-controls';
import { PropertyMarkers } from './markers/property-markers';
import { PipelineMarkers } from './pipeline/pipeline-markers';
import { ReturnsCells } from './returns/returns-cells';
import { SelectedPropertyWindow } from './popup/selected-property-window';
import { useCameraFollower } from './use-camera-follower';
import type { ReturnsMap } from './returns/use-returns-map';
import type { PipelineDeal } from '../../../shared/schemas/pipeline';
import { useViewportSync } from './use-viewport-sync';
import './map.css';

/** Follows the URL's camera; a child of the map, where useMap() finds it. */
function CameraFollower({ camera }: { camera: InitialCamera }) {
  useCameraFollower(camera);
  return null;
}

export interface DealMapProps {
  apiKey: string;
  mapId: string | null;
  /** The Maps usage-reporting channel (GOOGLE_MAPS_CHANNEL), or null. */
  channel?: number | null;
  camera: InitialCamera;
  placeQuery: string;
  filters: SearchFilters;
  /** The property whose row the pointer is on in the list: its marker stands out. */
  highlightedId: string | null;
  /** The pointer (or focus) rests on a marker (its id), or has left it (null): prefetching. */
  onMarkerHover: (id: string | null) => void;
  /** Where the search box and the legend go in the page (over the map, before the list); absent: inside the map. */
  controlsSlot?: HTMLElement | null;
  /** The returns heat map while it is on (its cells replace the markers), else null. */
  returns?: ReturnsMap | null;
  /** The pipeline layer while it is on: the investor's deals replace the markers, badged with their stage. */
  pipeline?: { deals: PipelineDeal[]; onSelect: (propertyId: string) => void } | null;
}

/**
 * The search map: Google map (uncontrolled camera), clustered property markers (filtered) or, while
 * one is on, the returns heat map's cells or the pipeline's deals, the place search, the legend and the property popup. Maps
 * errors replace the map.
 */
export function DealMap({
  apiKey,
  mapId,
  channel,
  controlsSlot,
  camera,
  placeQuery,
  filters,
  highlightedId,
  onMarkerHover,
  returns = null,
  pipeline = null,
}: DealMapProps) {
  const authFailedByGoogle = useGmAuthFailure();
  const [authFailed, setAuthFailed] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const onFailed = useCallback(() => setLoadFailed(true), []);
  const onAuthFailure = useCallback(() => setAuthFailed(true), []);
  const onIdle = useViewportSync();
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
          createPortal(
            <MapOverlays placeQuery={placeQuery} filters={filters} returns={returns} pipeline={pipeline !== null} />,
            controlsSlot,
          )
        ) : (
          <MapOverlays placeQuery={placeQuery} filters={filters} returns={returns} pipeline={pipeline !== null} />
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
          {returns ? (
            <ReturnsCells cells={returns.cells} />
          ) : pipeline ? (
            <PipelineMarkers deals={pipeline.deals} onSelect={pipeline.onSelect} />
          ) : (
            <PropertyMarkers filters={filters} highlightedId={highlightedId} onHover={onMarkerHover} />
          )}
          <SelectedPropertyWindow />
          <CameraFollower camera={camera} />
        </Map>
      </div>
    </APIProvider>
  );
}
