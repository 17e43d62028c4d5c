import { Type, type Static } from '@sinclair/typebox';

export const LatLng = Type.Object({ lat: Type.Number(), lng: Type.Number() });
export type LatLng = Static<typeof LatLng>;

/** A map view: its north-east and south-west corners. */
export const MapBounds = Type.Object({ ne: LatLng, sw: LatLng });
export type MapBounds = Static<typeof MapBounds>;
