import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common';

/** GET /config: what the client needs from the server's configuration (never built into the bundle). */
export const ClientConfig = Type.Object({
  googleMapsApiKey: Nullable(Type.String()),
  googleMapsMapId: Nullable(Type.String()),
  /** GOOGLE_MAPS_CHANNEL: the Maps usage-reporting channel, 0–999 (spec), or null. */
  googleMapsChannel: Nullable(Type.Integer({ minimum: 0, maximum: 999 })),
});
export type ClientConfig = Static<typeof ClientConfig>;
