import { InfoWindow } from '@vis.gl/react-google-maps';
import { Drawer } from 'antd';
import { useCallback } from 'react';
import { useWindowWidth } from '../../../components/use-window-width';
import { BREAKPOINTS } from '../../../constants';
import { useAppDispatch } from '../../../app/hooks';
import { POPUP_WIDTH } from '../map-constants';
import { selectionCleared } from '../map-slice';
import { propertyLatLng } from '../markers/marker-diff';
import { PropertyPopup } from './property-popup';
import { useSelectedProperty } from './use-selected-property';

/**
 * A stable array: vis.gl's InfoWindow re-runs its open effect when this prop changes identity, and
 * that effect's cleanup closes the window (firing onClose), so a fresh literal closed the popup on
 * every re-render.
 */
const POPUP_OFFSET: [number, number] = [0, -40];

/** The selected property's popup: an info window at its marker, or a bottom sheet on a phone. */
export function SelectedPropertyWindow() {
  const dispatch = useAppDispatch();
  const property = useSelectedProperty();
  const close = useCallback(() => dispatch(selectionCleared()), [dispatch]);
  const phone = useWindowWidth() < BREAKPOINTS.sm;
  if (!property) return null;
  const position = propertyLatLng(property);
  if (!position) return null;
  if (phone) {
    // A 600 px window does not fit a phone: a bottom sheet as wide as the screen instead.
    return (
      <Drawer
        open
        placement="bottom"
        size="78vh"
        onClose={close}
        closable={false}
        title={null}
        destroyOnHidden
        rootClassName="dm-popup-drawer"
        styles={{ body: { padding: 12 } }}
      >
        <PropertyPopup property={property} onClose={close} layout="sheet" />
      </Drawer>
    );
  }
  return (
    <InfoWindow
      key={property._id}
      position={position}
      pixelOffset={POPUP_OFFSET}
      headerDisabled
      minWidth={POPUP_WIDTH}
      maxWidth={POPUP_WIDTH + 40}
      onClose={close}
      onCloseClick={close}
    >
      <PropertyPopup property={property} onClose={close} />
    </InfoWindow>
  );
}
