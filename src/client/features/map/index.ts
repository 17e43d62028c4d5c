/**
 * The map feature's public surface. No other feature imports the map: what it shares with the property
 * page, help and the dashboard is features/deal's (or src/client/constants.ts's zooms).
 */
export type { MapProperty } from './map-types';
export { useMapConfigQuery } from './map-api';
export { MAP_TEXT } from './map-constants';
