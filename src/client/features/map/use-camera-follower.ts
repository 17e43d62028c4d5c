import { useMap } from '@vis.gl/react-google-maps';
import { useEffect, useRef } from 'react';
import type { InitialCamera } from './camera-params';

/** Re-centres on later `?lat=&lng=&zoom=` changes (the first one is the map's default camera). */
export function useCameraFollower(camera: InitialCamera): void {
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
}
