import { useWindowWidth } from '../../components/use-window-width';
import { BREAKPOINTS } from '../../constants';

/**
 * On a phone the zoom and camera controls sit at the map's right centre: the bottom right is the
 * quick-actions button's corner (docs/client.md, "Phones"). Elsewhere Google's default places them.
 */
export function useSideControlsOnPhone(): { position: google.maps.ControlPosition } | undefined {
  const phone = useWindowWidth() < BREAKPOINTS.md;
  // The enum exists once the Maps API has loaded (the map is drawn only then).
  const position = typeof google === 'undefined' ? undefined : google.maps.ControlPosition?.RIGHT_CENTER;
  return phone && position !== undefined ? { position } : undefined;
}
