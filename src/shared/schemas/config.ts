import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common';

/** GET /config: what the client needs from the server's configuration (never built into the bundle). */
export const ClientConfig = Type.Object({
  googleMapsApiKey: Nullable(Type.String()),
  googleMapsMapId: Nullable(Type.String()),
});
export type ClientConfig = Static<typeof ClientConfig>;
