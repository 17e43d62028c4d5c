import { skipToken } from '@reduxjs/toolkit/query';
import { Button, ConfigProvider, Descriptions, Skeleton, Tabs, Typography } from 'antd';
import { antdTheme } from '../../../components/antd-theme';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useInvestmentStrategiesQuery } from '../../../api/lookups-api';
import { useAppSelector } from '../../../app/hooks';
import { dealStatusFromMarker, type DealStatus } from '../../../../shared/deal-status';
import { formatAddress, formatBaths, formatCurrency, formatInteger, formatSquareFeet } from '../../../../shared/format';
import { selectUser } from '../../session';
import {
  CompsTab,
  DEAL_TEXT,
  DealLabel,
  listingFactItems,
  PriceHistory,
  StrategyResults,
  usePropertyCompsQuery,
  usePropertyQuery,
  ValueEstimateLine,
  visibleStrategyTabs,
} from '../../deal';
import { ZipTrendCharts } from '../../markets';
import { PIPELINE_TEXT, PipelineControl } from '../../pipeline';
import { pricePerSqft } from '../../../../shared/trends';
import { selectThemeMode } from '../../theme';
import { errorMessage } from '../../../api/base-query';
import { COMPS_DELAY_MS, MAP_TEXT, POPUP_HEIGHT, POPUP_WIDTH } from '../map-constants';
import type { MapProperty, Property } from '../map-types';

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

function PropertyTab({
  property,
  status,
  whole,
  failed,
}: {
  property: MapProperty;
  status: DealStatus;
  /** GET /property/:id: undefined while it loads (or when it failed). */
  whole: Property | undefined;
  failed: boolean;
}) {
  const remarks = whole ? whole.PublicListingRemarks : failed ? null : undefined;
  return (
    <div className="dm-property-tab">
      {whole ? (
        whole.valueEstimate ? (
          <div className="dm-property-tab-wide" data-testid="popup-value">
            <ValueEstimateLine property={whole} />
          </div>
        ) : null
      ) : failed ? null : (
        <div className="dm-property-tab-wide" data-testid="value-loading">
          <Skeleton active title={false} paragraph={{ rows: 1, width: '90%' }} />
        </div>
      )}
      <GalleryPlaceholder />
      <div className="dm-property-facts">
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'price', label: 'Price', children: formatCurrency(property.LatestListingPrice) },
            { key: 'deal', label: 'Deal', children: <DealLabel status={status} /> },
            {
              key: 'pipeline',
              label: PIPELINE_TEXT.title,
              children: <PipelineControl propertyId={property._id} maxOfferPrice={null} compact />,
            },
            { key: 'beds', label: 'Beds', children: formatInteger(property.BedroomsTotal) },
            { key: 'baths', label: 'Baths', children: formatBaths(property.BathroomsTotal) },
            { key: 'sqft', label: 'Square feet', children: formatSquareFeet(property.BuildingAreaTotal) },
            ...listingFactItems(
              whole ? { ...property, OnMarketDate: whole.OnMarketDate, OriginalListPrice: whole.OriginalListPrice } : property,
            ),
          ]}
        />
        {remarks === undefined ? (
          <div className="dm-property-remarks" data-testid="remarks-loading">
            <Skeleton active title={false} paragraph={{ rows: 3 }} />
          </div>
        ) : remarks ? (
          <Typography.Paragraph className="dm-property-remarks">{remarks}</Typography.Paragraph>
        ) : null}
      </div>
      {whole && whole.priceHistory.length ? (
        <div className="dm-property-tab-wide">
          <PriceHistory history={whole.priceHistory} />
        </div>
      ) : null}
      {whole && property.PropertyAddressZIP ? (
        <div className="dm-property-tab-wide">
          <ZipTrendCharts
            zip={property.PropertyAddressZIP}
            pricePerSqft={pricePerSqft(whole)}
            rent={whole.monthlyRent}
            height={140}
          />
        </div>
      ) : null}
    </div>
  );
}

/** How long the popup keeps trying to take focus while its info window is not yet shown. */
const FOCUS_WAIT_MS = 3000;

/**
 * Takes focus once the popup can have it, closes on Esc from anywhere inside it, and gives focus back
 * to what opened it (the marker or the list row) when it closes. The info window attaches its content
 * after `open()` and shows it later still ("an InfoWindow that is not visible cannot be focused"), and
 * vis.gl's InfoWindow does not pass on its `visible` event: so the popup tries on each animation frame
 * until focus is inside it, within FOCUS_WAIT_MS.
 */
function usePopupFocus(onClose: () => void) {
  const popupRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    const deadline = performance.now() + FOCUS_WAIT_MS;
    let frame = 0;
    const focusInside = () => {
      const popup = popupRef.current;
      if (popup?.isConnected) {
        if (popup.contains(document.activeElement)) return;
        popup.focus({ preventScroll: true });
        if (popup.contains(document.activeElement)) return;
      }
      if (performance.now() < deadline) frame = requestAnimationFrame(focusInside);
    };
    focusInside();
    return () => {
      cancelAnimationFrame(frame);
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);
  const onPopupKeyDown = (event: React.KeyboardEvent) => {
    // A dialog opened from the popup ("How accurate?") sits in a portal, yet its keys bubble here through React: its Escape is its own.
    if (event.key === 'Escape' && popupRef.current?.contains(event.target as Node)) {
      event.stopPropagation();
      onClose();
    }
  };
  return { popupRef, onPopupKeyDown };
}

/**
 * Comps are asked for COMPS_DELAY_MS after the selection, by the whole property's compIDs (so also
 * not before it has arrived); failures are logged only.
 */
function useDelayedComps(propertyId: string, compIds: string[] | undefined) {
  const [readyId, setReadyId] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setReadyId(propertyId), COMPS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [propertyId]);
  const ready = readyId === propertyId && compIds !== undefined;
  const comps = usePropertyCompsQuery(ready && compIds.length ? compIds : skipToken);
  useEffect(() => {
    if (comps.error) console.error('Comps request failed', comps.error);
  }, [comps.error]);
  const loading = !ready || (compIds.length > 0 && comps.isFetching);
  return { comps: comps.error || (ready && compIds.length === 0) ? [] : comps.data, loading };
}

/**
 * The popup of a selected property: in the map's info window (600×350, the spec's size) or, on a
 * phone, in a bottom sheet (`layout="sheet"`: the screen's width, its tabs scrolling within it).
 * The header, the Property tab's facts and which strategy tabs there are come from the search's
 * summary at once; the description, the comps and the strategies' figures come from the whole
 * property (GET /property/:id, usually prefetched on hover), with a skeleton of their shape meanwhile.
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
  const lightApp = useAppSelector(selectThemeMode) === 'light';
  const status = dealStatusFromMarker(property.markerColor?.background);
  const address = formatAddress(property);
  const user = useAppSelector(selectUser);
  const { data: catalogue } = useInvestmentStrategiesQuery();
  const strategyTabs = useMemo(
    () => visibleStrategyTabs(user?.profile?.strategies, catalogue, property),
    [user?.profile?.strategies, catalogue, property],
  );
  const whole = usePropertyQuery(property._id);
  const full = whole.data;
  const failed = whole.error && !full ? errorMessage(whole.error, DEAL_TEXT.propertyLoadFailed) : undefined;
  const comps = useDelayedComps(property._id, full?.compIDs);

  const popup = (
    <div
      ref={popupRef}
      tabIndex={-1}
      onKeyDown={onPopupKeyDown}
      className={`dm-popup${layout === 'sheet' ? ' dm-popup-sheet' : ''}`}
      data-testid="property-popup"
      data-loaded={full ? 'true' : 'false'}
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
            {DEAL_TEXT.exploreProperty}
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
          {
            key: 'property',
            label: 'Property',
            children: (
              <>
                {failed ? (
                  <Typography.Paragraph type="danger" role="alert" className="dm-popup-failed">
                    {failed}
                  </Typography.Paragraph>
                ) : null}
                <PropertyTab property={property} status={status} whole={full} failed={!!failed} />
              </>
            ),
          },
          {
            key: 'comps',
            label: 'Comps',
            children: failed ? (
              <Typography.Paragraph type="danger" role="alert" className="dm-popup-failed">
                {failed}
              </Typography.Paragraph>
            ) : (
              <CompsTab price={property.LatestListingPrice} comps={comps.comps} loading={comps.loading} />
            ),
          },
          ...strategyTabs.map((tab) => ({
            key: tab.key,
            label: tab.label,
            children: <StrategyResults strategy={tab.key} propertyId={property._id} property={full} failed={failed} />,
          })),
        ]}
      />
    </div>
  );
  // The info window is always white: in dark mode the light algorithm goes inside it (a theme of its
  // own costs Ant Design a new set of tokens each time a popup opens, so only when it differs).
  return lightApp ? popup : <ConfigProvider theme={POPUP_THEME}>{popup}</ConfigProvider>;
}
