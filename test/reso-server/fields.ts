/**
 * The Property fields the test server knows, with their EDM types: the RESO Data Dictionary names the
 * importer maps (src/server/modules/listings/from-reso.ts, fromReso) and a few more a real feed carries.
 * A $filter or $select naming anything else answers 400, as a real server's would; fields of
 * upserted records are learned as they come (typed by their first value).
 */
export type EdmType = 'Edm.String' | 'Edm.Decimal' | 'Edm.Int64' | 'Edm.Date' | 'Edm.DateTimeOffset' | 'Edm.Boolean';

export const PROPERTY_FIELDS: Record<string, EdmType> = {
  ListingKey: 'Edm.String',
  ListingId: 'Edm.String',
  ModificationTimestamp: 'Edm.DateTimeOffset',
  OriginalEntryTimestamp: 'Edm.DateTimeOffset',
  StatusChangeTimestamp: 'Edm.DateTimeOffset',
  PriceChangeTimestamp: 'Edm.DateTimeOffset',
  PhotosChangeTimestamp: 'Edm.DateTimeOffset',
  StandardStatus: 'Edm.String',
  MlsStatus: 'Edm.String',
  PropertyType: 'Edm.String',
  PropertySubType: 'Edm.String',
  ListPrice: 'Edm.Decimal',
  OriginalListPrice: 'Edm.Decimal',
  ClosePrice: 'Edm.Decimal',
  CloseDate: 'Edm.Date',
  OnMarketDate: 'Edm.Date',
  ListingContractDate: 'Edm.Date',
  DaysOnMarket: 'Edm.Int64',
  CumulativeDaysOnMarket: 'Edm.Int64',
  PublicRemarks: 'Edm.String',
  BedroomsTotal: 'Edm.Int64',
  BathroomsFull: 'Edm.Int64',
  BathroomsHalf: 'Edm.Int64',
  BathroomsThreeQuarter: 'Edm.Int64',
  BathroomsTotalInteger: 'Edm.Int64',
  LivingArea: 'Edm.Decimal',
  LotSizeSquareFeet: 'Edm.Decimal',
  YearBuilt: 'Edm.Int64',
  UnparsedAddress: 'Edm.String',
  City: 'Edm.String',
  CountyOrParish: 'Edm.String',
  StateOrProvince: 'Edm.String',
  PostalCode: 'Edm.String',
  Latitude: 'Edm.Decimal',
  Longitude: 'Edm.Decimal',
  PhotosCount: 'Edm.Int64',
  ListOfficeMlsId: 'Edm.String',
  OriginatingSystemName: 'Edm.String',
  InternetEntireListingDisplayYN: 'Edm.Boolean',
  // The demo feed's investment estimates (local fields of the demo feed, imported when present).
  EstimatedMonthlyRent: 'Edm.Decimal',
  RehabEstimate: 'Edm.Decimal',
  ArvEstimate: 'Edm.Decimal',
  NightlyRateEstimate: 'Edm.Decimal',
};

/** The EDM type of a value first seen in an upserted record's field the list above lacks. */
export function edmTypeOf(value: unknown): EdmType {
  if (typeof value === 'number') return Number.isInteger(value) ? 'Edm.Int64' : 'Edm.Decimal';
  if (typeof value === 'boolean') return 'Edm.Boolean';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return 'Edm.Date';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return 'Edm.DateTimeOffset';
  return 'Edm.String';
}

/** A small CSDL document of the Property entity type (GET {root}/$metadata). */
export function metadataXml(fields: ReadonlyMap<string, EdmType>): string {
  const properties = [...fields]
    .map(([name, type]) => `        <Property Name="${name}" Type="${type}"${name === 'ListingKey' ? ' Nullable="false"' : ''}/>`)
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>
<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
  <edmx:DataServices>
    <Schema Namespace="org.reso.metadata" xmlns="http://docs.oasis-open.org/odata/ns/edm">
      <EntityType Name="Property">
        <Key><PropertyRef Name="ListingKey"/></Key>
${properties}
      </EntityType>
      <EntityContainer Name="Default">
        <EntitySet Name="Property" EntityType="org.reso.metadata.Property"/>
      </EntityContainer>
    </Schema>
  </edmx:DataServices>
</edmx:Edmx>
`;
}
