import { skipToken } from '@reduxjs/toolkit/query';
import { Button, ConfigProvider, Descriptions, Tabs, Typography } from 'antd';
import { antdTheme } from '../../components/antd-theme';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useInvestmentStrategiesQuery } from '../../api/lookups-api';
import { useAppSelector } from '../../app/hooks';
import { dealStatusFromMarker, type DealStatus } from '../../../shared/deal-status';
import { formatAddress, formatBaths, formatCurrency, formatInteger, formatSquareFeet } from '../../../shared/format';
import { selectUser } from '../session';
import { CompsTab } from './comps-tab';
import { DealLabel } from './deal-label';
import { usePropertyCompsQuery } from './map-api';
import { COMPS_DELAY_MS, MAP_TEXT, POPUP_HEIGHT, POPUP_WIDTH } from './map-constants';
import type { MapProperty } from './map-types';
import { visibleStrategyTabs } from './popup-rules';
import { StrategyResults } from './strategy-results';

/** The info window is always white: the popup keeps Ant Design's light algorithm in dark mode too. */
const POPUP_THEME = antdTheme('light');

function HouseIcon() {
  return (
    <svg width={40} height={40} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.5} aria-hidden="true">
      <path d="M3 10.5 12 3l9 7.5" />
      <path d="M5 9.5V21h14V9.5" />
      <path d="M10 21v-6h4v6" />
    </svg>
  );
}

/** The image gallery placeholder: the feed has no photos. */
function GalleryPlaceholder() {
  return (
    <div className="dm-gallery-placeholder" role="img" aria-label={MAP_TEXT.noPhotos}>
      <HouseIcon />
      <span>{MAP_TEXT.noPhotos}</span>
    </div>
  );
}

function PropertyTab({ property, status }: { property: MapProperty; status: DealStatus }) {
  return (
    <div className="dm-property-tab">
      <GalleryPlaceholder />
      <div className="dm-property-facts">
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'price', label: 'Price', children: formatCurrency(property.LatestListingPrice) },
            { key: 'deal', label: 'Deal', children: <DealLabel status={status} /> },
            { key: 'beds', label: 'Beds', children: formatInteger(property.BedroomsTotal) },
            { key: 'baths', label: 'Baths', children: formatBaths(property.BathroomsTotal) },
            { key: 'sqft', label: 'Square feet', children: formatSquareFeet(property.BuildingAreaTotal) },
          ]}
        />
        {property.PublicListingRemarks ? (
          <Typography.Paragraph className="dm-property-remarks">{property.PublicListingRemarks}</Typography.Paragraph>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The info-window content (600×350): header with the formatted address, the deal label and the
 * 'Explore Property' link; tabs Property, Comps and the strategy tabs the profile and the property allow.
 * Comps are requested COMPS_DELAY_MS after the selection; failures are logged only.
 */
/**
 * Takes focus when it opens (so a keyboard or screen-reader user is inside it), closes on Esc, and
 * gives focus back to what had it before (the marker) when it closes.
 */
function usePopupFocus(onClose: () => void) {
  const popupRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    popupRef.current?.focus({ preventScroll: true });
    return () => {
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);
  const onPopupKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };
  return { popupRef, onPopupKeyDown };
}

/**
 * The popup of a selected property: in the map's info window (600×350, the spec's size) or, on a
 * phone, in a bottom sheet (`layout="sheet"`: the screen's width, its tabs scrolling within it).
 */
export function PropertyPopup({
  property,
  onClose,
  layout = 'window',
}: {
  property: MapProperty;
  onClose: () => void;
  layout?: 'window' | 'sheet';
}) {
  const { popupRef, onPopupKeyDown } = usePopupFocus(onClose);
  const status = dealStatusFromMarker(property.markerColor?.background);
  const address = formatAddress(property);
  const user = useAppSelector(selectUser);
  const { data: catalogue } = useInvestmentStrategiesQuery();
  const strategyTabs = useMemo(
    () => visibleStrategyTabs(user?.profile?.strategies, catalogue, property),
    [user?.profile?.strategies, catalogue, property],
  );

  const compIds = property.compIDs ?? [];
  const compKey = compIds.join(',');
  // The comps of this selection are asked for once its delay has passed.
  const selection = `${property._id}|${compKey}`;
  const [readySelection, setReadySelection] = useState<string | null>(null);
  useEffect(() => {
    if (!compKey) return undefined;
    const timer = setTimeout(() => setReadySelection(selection), COMPS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [selection, compKey]);
  const compsArg = compKey && readySelection === selection ? compIds : null;
  const comps = usePropertyCompsQuery(compsArg ?? skipToken);
  useEffect(() => {
    if (comps.error) console.error('Comps request failed', comps.error);
  }, [comps.error]);
  const compsLoading = !!compKey && (compsArg === null || comps.isFetching);

  return (
    // The info window is always white: keep the light algorithm inside it in dark mode too.
    <ConfigProvider theme={POPUP_THEME}>
      <div
        ref={popupRef}
        tabIndex={-1}
        onKeyDown={onPopupKeyDown}
        className={`dm-popup${layout === 'sheet' ? ' dm-popup-sheet' : ''}`}
        data-testid="property-popup"
        style={layout === 'sheet' ? undefined : { width: POPUP_WIDTH, height: POPUP_HEIGHT }}
        aria-label={`Property at ${address}`}
        role="dialog"
      >
        <header className="dm-popup-header">
          <div className="dm-popup-title">
            <Typography.Text strong className="dm-popup-address" data-testid="popup-address">
              {address}
            </Typography.Text>
            <DealLabel status={status} />
          </div>
          <div className="dm-popup-actions">
            <Link to={`/app/property/${encodeURIComponent(property._id)}`} className="dm-explore-link">
              {MAP_TEXT.exploreProperty}
            </Link>
            <Button type="text" size="small" aria-label="Close" onClick={onClose} className="dm-popup-close">
              ×
            </Button>
          </div>
        </header>
        <Tabs
          size="small"
          className="dm-popup-tabs"
          items={[
            { key: 'property', label: 'Property', children: <PropertyTab property={property} status={status} /> },
            {
              key: 'comps',
              label: 'Comps',
              children: (
                <CompsTab price={property.LatestListingPrice} comps={comps.error ? [] : comps.data} loading={compsLoading} />
              ),
            },
            ...strategyTabs.map((tab) => ({
              key: tab.key,
              label: tab.label,
              children: <StrategyResults strategy={tab.key} property={property} />,
            })),
          ]}
        />
      </div>
    </ConfigProvider>
  );
}
