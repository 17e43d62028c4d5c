import { skipToken } from '@reduxjs/toolkit/query';
import { Alert, Button, Card, Col, Row, Space, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { Rate, Strategy } from '../../../shared/api-types';
import { dealStatusFromMarker } from '../../../shared/deal-status';
import { formatAddress, formatCurrency } from '../../../shared/format';
import { maxOffers, whatIfProblems } from '../../../shared/invest';
import { pricePerSqft } from '../../../shared/trends';
import { offMarketText } from '../../../shared/listing-history';
import type { SavedCalculation } from '../../../shared/investor-types';
import { DEFAULT_ERROR_MESSAGE, errorMessage } from '../../api/base-query';
import { useInvestmentStrategiesQuery, useLatestRatesQuery } from '../../api/lookups-api';
import { useAppSelector } from '../../app/hooks';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import type { Property } from '../../../shared/schemas/property';
import { SEARCH_ZOOM } from '../../constants';
import { DEAL_TEXT, DealLabel, useOfferTargets, usePropertyCompsQuery, usePropertyQuery, ValueEstimateLine } from '../deal';
import { ZipTrendCharts } from '../markets';
import { PipelineControl } from '../pipeline';
import { useSavedCalculationQuery } from '../saved-calculations';
import { selectUser } from '../session';
import { ReportHeader } from './print-report';
import { AnalysisSections, isRental } from './analysis-sections';
import { PropertyComps } from './property-comps';
import { PropertyDetails } from './property-details';
import { PropertyLeases } from './property-leases';
import type { ProjectedStrategy } from './projection-section';
import { SaveCalculationButton } from './save-calculation-button';
import { ShareButton } from './share-button';
import { PdfButton } from './pdf-button';
import { SavedCalculationBanner } from './saved-calculation-banner';
import { latestFinancingRate, startingWhatIf } from '../../../shared/invest/starting-what-if';
import { rentRangeOf, WhatIfInputs } from './what-if-inputs';
import { ValueEstimateGrid } from './value-estimate-grid';
import { useWhatIfState } from './what-if-state';
import './property.css';

export const PROPERTY_LOAD_FAILED = DEAL_TEXT.propertyLoadFailed;

interface PropertyAnalysisProps {
  property: Property;
  latestRate: Rate | null;
  ratesFailed: boolean;
  catalogue: Strategy[] | undefined;
}

/** The analysis of one loaded property: everything below the page's loading and error states. */
function PropertyAnalysis({ property, latestRate, ratesFailed, catalogue }: PropertyAnalysisProps) {
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  const [searchParams, setSearchParams] = useSearchParams();
  const calcId = searchParams.get('calc');
  const saved = useSavedCalculationQuery(calcId ?? skipToken);

  const defaults = useMemo(() => startingWhatIf(property, latestRate?.rate ?? null), [property, latestRate]);
  const { state, dispatch, reset, changed } = useWhatIfState(defaults);
  const problems = useMemo(() => whatIfProblems(state.whatIf), [state.whatIf]);
  const targets = useOfferTargets();
  const offers = useMemo(() => maxOffers(state.whatIf, targets), [state.whatIf, targets]);
  const strategyOffer = offers[state.strategy];
  const [projected, setProjected] = useState<ProjectedStrategy>('buyHold');

  const applySaved = useCallback(
    (saved: SavedCalculation) => {
      dispatch({ type: 'apply', whatIf: saved.whatIf, strategy: saved.strategy });
      if (isRental(saved.strategy)) setProjected(saved.strategy);
    },
    [dispatch],
  );

  // A saved calculation's inputs apply once when it opens (?calc=); a later refetch (after a rename)
  // keeps the user's edits, and one just saved here is adopted as it is (its inputs are on screen).
  // Tracked while rendering (React's pattern for state that follows loaded data), not in an effect.
  const [appliedFor, setAppliedFor] = useState<string | null>(null);
  const [adopting, setAdopting] = useState<string | null>(null);
  const calc = saved.data?._id === calcId ? saved.data : undefined;
  const calcHere = calc?.propertyId === property._id;
  if (calcId === null && appliedFor !== null) setAppliedFor(null); // closed: opening it again applies it again
  if (calc && calcHere && appliedFor !== calc._id) {
    setAppliedFor(calc._id);
    if (adopting === calc._id) setAdopting(null);
    else applySaved(calc);
  }
  // A calculation of another property opens on that property's page.
  useEffect(() => {
    if (calc && !calcHere) {
      void navigate(`/app/property/${encodeURIComponent(calc.propertyId)}?calc=${encodeURIComponent(calc._id)}`, {
        replace: true,
      });
    }
  }, [calc, calcHere, navigate]);

  const closeSaved = () => setSearchParams({}, { replace: true });
  const openSaved = (created: SavedCalculation) => {
    setAdopting(created._id);
    setSearchParams({ calc: created._id }, { replace: true });
  };
  const takeCurrent = (calc: SavedCalculation) => {
    dispatch({ type: 'figure', key: 'purchasePrice', value: calc.current.listPrice });
    dispatch({ type: 'assumption', section: 'financing', key: 'interestRatePercent', value: calc.current.rate });
  };

  const compIds = property.compIDs ?? [];
  const comps = usePropertyCompsQuery(compIds.length ? compIds : skipToken);
  useEffect(() => {
    if (comps.error) console.error('Comps request failed', comps.error);
  }, [comps.error]);

  const status = dealStatusFromMarker(property.markerColor?.background);
  const address = formatAddress(property);
  const [lng, lat] = property.location.coordinates;
  const rate = state.whatIf.assumptions.financing.interestRatePercent;

  return (
    <div className="dm-property-page" data-testid="property-page">
      <ReportHeader address={address} latestRate={latestRate} ratePercent={rate} />
      <div className="dm-property-head">
        <div className="dm-property-heading">
          <Link className="dm-print-hide dm-back-link" to={`/app/search?lat=${lat}&lng=${lng}&zoom=${SEARCH_ZOOM}`}>
            ← Back to the map
          </Link>
          <PageTitle>{address}</PageTitle>
          <Space wrap>
            <DealLabel status={status} />
            <Typography.Text strong>{formatCurrency(property.LatestListingPrice)}</Typography.Text>
          </Space>
          <ValueEstimateLine property={property} />
          <PipelineControl
            propertyId={property._id}
            maxOfferPrice={strategyOffer.kind === 'price' ? strategyOffer.price : null}
          />
        </div>
        <Space wrap className="dm-print-hide">
          <SaveCalculationButton
            propertyId={property._id}
            address={address}
            strategy={state.strategy}
            whatIf={state.whatIf}
            problems={problems}
            onSaved={openSaved}
          />
          <ShareButton
            propertyId={property._id}
            strategy={state.strategy}
            whatIf={state.whatIf}
            growth={state.growth}
            holdYears={state.holdYears}
            offerTargets={targets}
            problems={problems}
          />
          <PdfButton
            request={{
              propertyId: property._id,
              strategy: state.strategy,
              whatIf: state.whatIf,
              growth: state.growth,
              holdYears: state.holdYears,
              offerTargets: targets,
            }}
            address={property}
            problems={problems}
          />
          <Button onClick={() => window.print()}>Print report</Button>
        </Space>
      </div>
      {property.offMarket ? (
        <Alert
          type="info"
          showIcon
          className="dm-form-alert"
          data-testid="off-market"
          title={`${offMarketText(property.offMarket)}: it no longer shows on the map, in searches or in alerts.`}
        />
      ) : null}
      {ratesFailed ? (
        <Alert
          type="warning"
          showIcon
          className="dm-form-alert dm-print-hide"
          title="The latest rates could not be loaded: the analysis uses the default rate. Set the interest rate below."
        />
      ) : null}
      {calcId ? (
        <SavedCalculationBanner
          calc={saved.data}
          error={saved.error}
          loading={saved.isFetching}
          onReapply={applySaved}
          onUseCurrent={takeCurrent}
          onClose={closeSaved}
        />
      ) : null}
      <Row gutter={[16, 16]} className="dm-property-row">
        <Col xs={24} lg={10}>
          <PropertyDetails property={property} status={status} />
        </Col>
        <Col xs={24} lg={14}>
          <PropertyComps price={property.LatestListingPrice} comps={comps.error ? [] : comps.data} loading={comps.isFetching} />
        </Col>
      </Row>
      <ValueEstimateGrid property={property} comps={comps.error ? [] : comps.data} />
      <PropertyLeases property={property} />
      {property.PropertyAddressZIP ? (
        <Card className="dm-property-zip-trends" title="The ZIP's market" data-testid="property-zip-trends">
          <ZipTrendCharts
            zip={property.PropertyAddressZIP}
            pricePerSqft={pricePerSqft(property)}
            rent={property.monthlyRent}
            height={200}
          />
        </Card>
      ) : null}
      <WhatIfInputs
        whatIf={state.whatIf}
        dispatch={dispatch}
        latestRate={latestRate}
        changed={changed}
        onReset={reset}
        problems={problems}
        rentRange={rentRangeOf(property.rentEstimate)}
      />
      <AnalysisSections
        state={state}
        dispatch={dispatch}
        targets={targets}
        offers={offers}
        catalogue={catalogue}
        profileStrategyIds={user?.profile?.strategies}
        valueEstimate={property.valueEstimate}
        latestRate={latestRate}
        projected={projected}
        onProjected={setProjected}
      />
    </div>
  );
}

/**
 * /app/property/:id — the full analysis of one property (docs/property-page.md). Loads the property,
 * the latest rates and the strategy catalogue; `?calc=<id>` reopens a saved calculation.
 */
export function PropertyPage() {
  const { id = '' } = useParams();
  const property = usePropertyQuery(id);
  const rates = useLatestRatesQuery();
  const strategies = useInvestmentStrategiesQuery();

  if (property.isLoading || rates.isLoading) return <PageLoading />;
  if (property.error || !property.data) {
    const message = property.error ? errorMessage(property.error) : PROPERTY_LOAD_FAILED;
    return (
      <div className="dm-property-page">
        <PageTitle>Property</PageTitle>
        <Alert
          type="error"
          showIcon
          role="alert"
          title={message === DEFAULT_ERROR_MESSAGE ? PROPERTY_LOAD_FAILED : message}
          action={<Button onClick={() => void property.refetch()}>Try again</Button>}
        />
        <Typography.Paragraph className="dm-note">
          <Link to="/app/search">Back to the map</Link>
        </Typography.Paragraph>
      </div>
    );
  }
  return (
    <PropertyAnalysis
      key={property.data._id}
      property={property.data}
      latestRate={latestFinancingRate(rates.data)}
      ratesFailed={!!rates.error}
      catalogue={strategies.data}
    />
  );
}

export default PropertyPage;
