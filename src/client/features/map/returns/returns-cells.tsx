import { useMap, useMapsLibrary } from '@vis.gl/react-google-maps';
import { useEffect, useRef } from 'react';
import { createReturnsLayer, type ReturnsLayer } from './returns-layer';
import type { ReturnsCell } from '../map-types';

/** The returns heat map's cells on the map (returns-layer.ts); a child of the map, where useMap() finds it. */
export function ReturnsCells({ cells }: { cells: ReturnsCell[] | null }) {
  const map = useMap();
  const maps = useMapsLibrary('maps');
  const layer = useRef<ReturnsLayer | null>(null);

  useEffect(() => {
    if (!map || !maps) return undefined;
    const created = createReturnsLayer(map, maps);
    layer.current = created;
    return () => {
      created.destroy();
      layer.current = null;
    };
  }, [map, maps]);

  // After the effect above in the same commit, so a new layer is filled at once.
  useEffect(() => {
    layer.current?.setCells(cells ?? []);
    const div = map?.getDiv?.();
    if (div) div.dataset.returnsCells = String(cells?.length ?? 0);
  }, [map, maps, cells]);
  return null;
}
