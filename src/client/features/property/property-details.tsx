import { Card, Descriptions, Typography } from 'antd';
import type { DealConfidence, DealStatus } from '../../../shared/deal-status';
import { formatBaths, formatCurrency, formatInteger, formatOccupancy, formatSquareFeet } from '../../../shared/format';
import { rentSourceText } from '../../../shared/rent-estimate';
import type { Property } from '../../../shared/schemas/property';
import { DealLabel, LISTING_TEXT, listingFactItems, PriceHistory } from '../deal';

/** The stored deal confidence in words: how many comps, how far apart, how recent. */
export function confidenceText(c: DealConfidence | null | undefined): string {
  if (!c || c.compCount === 0) return 'No comps: the label defaults to Market Price';
  const parts = [`${c.compCount} comp${c.compCount === 1 ? '' : 's'}`];
  if (c.spreadPercent !== null) parts.push(`prices spread ${formatOccupancy(c.spreadPercent)}`);
  if (c.newestSaleDays !== null)
    parts.push(`newest sale ${formatInteger(c.newestSaleDays)} day${c.newestSaleDays === 1 ? '' : 's'} ago`);
  return parts.join(' · ');
}

function bathsText(p: Property): string {
  const parts = [
    p.BathroomsFull ? `${p.BathroomsFull} full` : null,
    p.BathroomsThreeQuarter ? `${p.BathroomsThreeQuarter} three-quarter` : null,
    p.BathroomsHalf ? `${p.BathroomsHalf} half` : null,
  ].filter(Boolean);
  return parts.length ? `${formatBaths(p.BathroomsTotal)} (${parts.join(', ')})` : formatBaths(p.BathroomsTotal);
}

/**
 * Facts, the deal label with its stored confidence, days on market and the original price, the
 * listing's estimates, its price history and its description.
 */
export function PropertyDetails({ property, status }: { property: Property; status: DealStatus }) {
  const area = property.BuildingAreaTotal;
  const perSqft = area ? property.LatestListingPrice / area : null;
  return (
    <Card title="Property details" className="dm-property-details" data-testid="property-details">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'price', label: 'List price', children: formatCurrency(property.LatestListingPrice) },
          { key: 'deal', label: 'Deal', children: <DealLabel status={status} /> },
          { key: 'confidence', label: 'Based on', children: confidenceText(property.confidence), span: 'filled' },
          { key: 'beds', label: 'Beds', children: formatInteger(property.BedroomsTotal) },
          { key: 'baths', label: 'Baths', children: bathsText(property) },
          { key: 'sqft', label: 'Square feet', children: formatSquareFeet(area) },
          { key: 'ppsf', label: 'Price per sq ft', children: formatCurrency(perSqft) },
          ...listingFactItems(property),
          {
            key: 'rent',
            label: 'Estimated rent',
            children: [`${formatCurrency(property.monthlyRent)} / month`, rentSourceText(property.rentEstimate)]
              .filter(Boolean)
              .join(' '),
          },
          { key: 'nightly', label: 'Peak nightly rate', children: formatCurrency(property.nightlyRate) },
          { key: 'rehab', label: 'Rehab estimate', children: formatCurrency(property.rehabEstimate) },
          { key: 'arv', label: 'After-repair value', children: formatCurrency(property.arvEstimate) },
        ]}
      />
      <PriceHistory history={property.priceHistory} emptyText={LISTING_TEXT.noHistory} />
      <Typography.Title level={5} className="dm-subheading">
        Description
      </Typography.Title>
      <Typography.Paragraph className="dm-property-remarks" data-testid="property-description">
        {property.PublicListingRemarks || 'The listing has no description.'}
      </Typography.Paragraph>
    </Card>
  );
}
