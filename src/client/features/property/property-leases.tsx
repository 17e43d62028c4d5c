import { Card, Spin, Typography } from 'antd';
import { formatAddress, formatBaths, formatCurrency, formatDate, formatInteger, formatMiles } from '../../../shared/format';
import { CompsTable } from './property-comps';
import { LEASE_TEXT, RentEstimateLine, useLeaseComps, type PlacedLease, type RentFacts } from '../deal';

/**
 * The rent's lease comps: the sentence saying where the rent comes from, then every lease the
 * estimate used in a table (nearest first, as the estimate kept them). Nothing before the listing's
 * first computation (rentEstimate null); the sentence alone when it found too few leases.
 */
export function PropertyLeases({ property }: { property: RentFacts }) {
  const { leases, loading, failed } = useLeaseComps(property, !!property.rentEstimate);
  if (!property.rentEstimate) return null;
  const wanted = property.leaseCompIds.length > 0;
  return (
    <Card title="Lease comps" className="dm-property-leases" data-testid="property-leases">
      <RentEstimateLine property={property} />
      {!wanted ? null : failed ? (
        <Typography.Text type="danger">{LEASE_TEXT.failed}</Typography.Text>
      ) : loading && !leases ? (
        <div className="dm-popup-center">
          <Spin size="small" /> <span>{LEASE_TEXT.loading}</span>
        </div>
      ) : (
        <CompsTable
          label="Lease comps"
          testId="leases-table"
          rows={leases ?? []}
          columns={[
            { title: 'Address', key: 'address', render: (_: unknown, l: PlacedLease) => formatAddress(l) },
            {
              title: 'Rent',
              key: 'rent',
              render: (_: unknown, l: PlacedLease) => `${formatCurrency(l.monthlyRent)}/mo`,
              sorter: (a: PlacedLease, b: PlacedLease) => a.monthlyRent - b.monthlyRent,
            },
            { title: 'Leased', key: 'leased', render: (_: unknown, l: PlacedLease) => formatDate(l.closeDate) },
            { title: 'Beds', key: 'beds', render: (_: unknown, l: PlacedLease) => formatInteger(l.BedroomsTotal) },
            { title: 'Baths', key: 'baths', render: (_: unknown, l: PlacedLease) => formatBaths(l.BathroomsTotal) },
            { title: 'Sq ft', key: 'sqft', render: (_: unknown, l: PlacedLease) => formatInteger(l.BuildingAreaTotal) },
            {
              title: 'Rent / sq ft',
              key: 'rpsf',
              render: (_: unknown, l: PlacedLease) =>
                formatCurrency(l.BuildingAreaTotal ? l.monthlyRent / l.BuildingAreaTotal : null, 2),
            },
            {
              title: 'Distance',
              key: 'distance',
              render: (_: unknown, l: PlacedLease) => formatMiles(l.distanceMiles),
              sorter: (a: PlacedLease, b: PlacedLease) => a.distanceMiles - b.distanceMiles,
            },
          ]}
        />
      )}
    </Card>
  );
}
