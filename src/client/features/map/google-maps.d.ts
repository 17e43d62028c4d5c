/// <reference types="google.maps" />
// The google.maps namespace (tsconfig lists its `types` explicitly, so the map feature pulls it in here).
interface Window {
  /** Called by the Maps JavaScript API when it rejects the key. */
  gm_authFailure?: () => void;
}
