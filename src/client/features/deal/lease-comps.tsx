import { skipToken } from '@reduxjs/toolkit/query';
import { Button, Spin, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import { formatAddress, formatBaths, formatCurrency, formatDate, formatMiles, formatSquareFeet } from '../../../shared/format';
import { haversineMiles } from '../../../shared/geo/distance';
import { rentEstimateText } from '../../../shared/rent-estimate';
import type { LeaseComp, Property } from '../../../shared/schemas/property';
import { keepFiguresWhole } from '../../../shared/valuation/accuracy-text';
import { estimateMarket, HowAccurate } from '../accuracy';
import { usePropertyLeaseCompsQuery, usePropertyQuery } from './deal-api';
import './deal.css';

export const LEASE_TEXT = {
  show: (count: number) => `Show the ${count === 1 ? 'lease' : `${count} leases`}`,
  hide: 'Hide the leases',
  loading: 'Loading the leases…',
  failed: 'The lease comps could not be loaded.',
} as const;

/** What the rent's sentence and the leases need of a property. */
export type RentFacts = Pick<
  Property,
  'rentEstimate' | 'monthlyRent' | 'leaseCompIds' | 'location' | 'PropertyAddressCity' | 'PropertyAddressState'
>;

/** Miles from the listing to a lease, as the estimate measured them. */
export function leaseDistanceMiles(subject: Pick<Property, 'location'>, lease: Pick<LeaseComp, 'location'>): number {
  const [lng, lat] = subject.location.coordinates;
  const [leaseLng, leaseLat] = lease.location.coordinates;
  return haversineMiles(lat, lng, leaseLat, leaseLng);
}

/** A lease comp with its distance from the listing. */
export type PlacedLease = LeaseComp & { distanceMiles: number };

export const placeLeases = (subject: Pick<Property, 'location'>, leases: readonly LeaseComp[]): PlacedLease[] =>
  leases.map((lease) => ({ ...lease, distanceMiles: leaseDistanceMiles(subject, lease) }));

/**
 * Where the rent comes from, in one sentence (rentEstimateText): the lease comps' estimate and range,
 * a feed rent with the estimate beside it, or the visible fallback; "How accurate?" beside an
 * estimate of the lease comps (a fallback is no estimate of theirs). Nothing before the listing's first
 * computation (rentEstimate null).
 */
export function RentEstimateLine({
  property,
}: {
  property: Pick<Property, 'rentEstimate' | 'monthlyRent'> &
    Partial<Pick<Property, 'PropertyAddressCity' | 'PropertyAddressState'>>;
}) {
  const estimate = property.rentEstimate;
  if (!estimate) return null;
  const market = estimate.monthlyRent === null ? null : estimateMarket(estimate.range, property);
  return (
    <Typography.Paragraph className="dm-rent-estimate dm-estimate-line">
      <span data-testid="rent-estimate">{keepFiguresWhole(rentEstimateText(estimate, property.monthlyRent))}</span>
      {market ? (
        <>
          {' '}
          <HowAccurate kind="rent" market={market} />
        </>
      ) : null}
    </Typography.Paragraph>
  );
}

/** A lease's facts in a line: "3 bd · 2.0 ba · 1,400 sq ft · leased Nov 2, 2025 · 0.3 mi away". */
export const leaseFacts = (lease: PlacedLease): string =>
  [
    lease.BedroomsTotal != null ? `${lease.BedroomsTotal} bd` : null,
    lease.BathroomsTotal != null ? `${formatBaths(lease.BathroomsTotal)} ba` : null,
    lease.BuildingAreaTotal != null ? formatSquareFeet(lease.BuildingAreaTotal) : null,
    `leased ${formatDate(lease.closeDate)}`,
    `${formatMiles(lease.distanceMiles)} away`,
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * The leases as a compact list (the popup's width and a phone's): address, facts, date, distance
 * and rent. A plain list: Ant Design 6.6 deprecates its List.
 */
export function LeaseList({ leases }: { leases: readonly PlacedLease[] }) {
  return (
    <ul className="dm-lease-list" data-testid="lease-list">
      {leases.map((lease) => (
        <li key={lease._id} className="dm-lease-item" data-testid="lease-item">
          <span className="dm-lease-what">
            <Typography.Text className="dm-lease-address">{formatAddress(lease)}</Typography.Text>
            <Typography.Text type="secondary" className="dm-lease-facts">
              {leaseFacts(lease)}
            </Typography.Text>
          </span>
          <Typography.Text strong className="dm-comp-price">
            {formatCurrency(lease.monthlyRent)}/mo
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
}

/**
 * The lease comps of a property (its leaseCompIds, nearest first), asked only when `wanted`; a
 * failure is logged and said.
 */
export function useLeaseComps(property: RentFacts | undefined, wanted = true) {
  const ids = property?.leaseCompIds ?? [];
  const leases = usePropertyLeaseCompsQuery(wanted && ids.length ? ids : skipToken);
  useEffect(() => {
    if (leases.error) console.error('Lease comps request failed', leases.error);
  }, [leases.error]);
  return {
    leases: property && leases.data ? placeLeases(property, leases.data) : undefined,
    loading: leases.isFetching,
    failed: !!leases.error,
  };
}

/** The leases' body: loading, failed or the list. */
function LeasesBody({ state }: { state: ReturnType<typeof useLeaseComps> }) {
  if (state.failed) return <Typography.Text type="danger">{LEASE_TEXT.failed}</Typography.Text>;
  if (!state.leases) {
    return (
      <div className="dm-popup-center">
        <Spin size="small" /> <span>{LEASE_TEXT.loading}</span>
      </div>
    );
  }
  return <LeaseList leases={state.leases} />;
}

/**
 * The rent of a rental strategy's popup tab (Buy/Hold, BRRRR): the sentence, and the leases behind a
 * disclosure ("Show the 8 leases"), asked when first opened. From the whole property (GET
 * /property/:id, the popup's own request); nothing while it loads or before its first computation.
 */
export function PopupRentEstimate({ propertyId }: { propertyId: string }) {
  const property = usePropertyQuery(propertyId || skipToken).data;
  const [open, setOpen] = useState(false);
  const listId = useId();
  const leases = useLeaseComps(property, open);
  if (!property?.rentEstimate) return null;
  const count = property.leaseCompIds.length;
  return (
    <div className="dm-popup-rent" data-testid="popup-rent">
      <RentEstimateLine property={property} />
      {count ? (
        <>
          <Button
            type="link"
            size="small"
            className="dm-lease-toggle"
            data-testid="lease-toggle"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((was) => !was)}
          >
            {open ? LEASE_TEXT.hide : LEASE_TEXT.show(count)}
          </Button>
          <div id={listId} hidden={!open}>
            {open ? <LeasesBody state={leases} /> : null}
          </div>
        </>
      ) : null}
    </div>
  );
}
