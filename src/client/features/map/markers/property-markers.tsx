import { useMap, useMapsLibrary } from '@vis.gl/react-google-maps';
import { useEffect, useMemo, useRef } from 'react';
import { hasFilters, matchesFilters, type SearchFilters } from '../../../../shared/search-filters';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectServerCells } from '../map-selectors';
import { propertySelected, selectPropertyCount, selectPropertyEntities } from '../map-slice';
import type { MapProperty } from '../map-types';
import { MarkerLayerController } from './marker-layer';

/**
 * Creates the marker layer once the map and the marker library are in, and keeps it in line with
 * the slice's known properties, or with the server's cells in a wide view (both read from the
 * store: map-selectors.ts).
 */
export function PropertyMarkers({
  filters,
  highlightedId,
  onHover,
}: {
  filters: SearchFilters;
  highlightedId: string | null;
  onHover: (id: string | null) => void;
}) {
  const map = useMap();
  const markerLib = useMapsLibrary('marker');
  const dispatch = useAppDispatch();
  // The layer lives outside React (it draws on the map); nothing renders from it.
  const controllerRef = useRef<MarkerLayerController | null>(null);
  const all = useAppSelector(selectPropertyEntities);
  const known = useAppSelector(selectPropertyCount);
  const serverCells = useAppSelector(selectServerCells);
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
