import { Alert, Button, Card, Col, Row, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useReducer, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { dealStatusFromMarker } from '../../../shared/deal-status';
import { formatAddress, formatCurrency } from '../../../shared/format';
import { maxOffers } from '../../../shared/invest';
import type { SharedReport } from '../../../shared/schemas/shared-reports';
import { DEFAULT_ERROR_MESSAGE, errorMessage } from '../../api/base-query';
import { useDocumentTitle } from '../../components/document-title';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { DealLabel, RentEstimateLine, ValueEstimateLine } from '../deal';
import { AnalysisSections, isRental } from './analysis-sections';
import type { ProjectedStrategy } from './projection-section';
import { PropertyComps } from './property-comps';
import { PropertyDetails } from './property-details';
import { PDF_TEXT, pdfFileName } from './pdf-button';
import { sharedPdfPath, useSharedReportQuery } from './shared-report-api';
import { ValueEstimateGrid } from './value-estimate-grid';
import { whatIfReducer } from './what-if-state';
import './property.css';

export const SHARED_TEXT = {
  title: 'Shared analysis',
  loadFailed: 'This shared analysis could not be loaded. Check your connection and try again.',
  sharedBy: (name: string, at: string, expires: string) =>
    `Shared by ${name || 'a Dealmap investor'} on ${dayjs(at).format('MMM D, YYYY')} · the link works until ${dayjs(expires).format('MMM D, YYYY')}`,
  asShared:
    'The figures are as they were when the analysis was shared. The projection below can be tried with other growth rates here; the shared analysis stays as it was.',
  signUp: 'Analyse properties like this one on Dealmap',
} as const;

/** The analysis a link opens: read-only figures, with the projection's growth rates to try. */
function SharedAnalysis({ report, token }: { report: SharedReport; token: string }) {
  const { property, comps, offerTargets } = report;
  const [state, dispatch] = useReducer(whatIfReducer, undefined, () => ({
    whatIf: report.whatIf,
    growth: report.growth,
    holdYears: report.holdYears,
    strategy: report.strategy,
  }));
  const offers = useMemo(() => maxOffers(state.whatIf, offerTargets), [state.whatIf, offerTargets]);
  const [projected, setProjected] = useState<ProjectedStrategy>(isRental(report.strategy) ? report.strategy : 'buyHold');
  const status = dealStatusFromMarker(property.markerColor?.background);
  const address = formatAddress(property);
  useDocumentTitle(address);

  return (
    <div className="dm-property-page dm-shared-report" data-testid="shared-report">
      <div className="dm-property-head">
        <div className="dm-property-heading">
          <PageTitle documentTitle={address}>{address}</PageTitle>
          <Space wrap>
            <DealLabel status={status} />
            <Typography.Text strong>{formatCurrency(property.LatestListingPrice)}</Typography.Text>
          </Space>
          <ValueEstimateLine property={property} />
          <Typography.Paragraph type="secondary" data-testid="shared-by">
            {SHARED_TEXT.sharedBy(report.sharedBy, report.sharedAt, report.expiresAt)}
          </Typography.Paragraph>
        </div>
        <Button href={sharedPdfPath(token)} download={pdfFileName(address)} className="dm-print-hide">
          {PDF_TEXT.button}
        </Button>
      </div>
      <Alert type="info" showIcon className="dm-form-alert" title={SHARED_TEXT.asShared} />
      <Row gutter={[16, 16]} className="dm-property-row">
        <Col xs={24} lg={10}>
          <PropertyDetails property={property} status={status} />
        </Col>
        <Col xs={24} lg={14}>
          <PropertyComps price={property.LatestListingPrice} comps={comps} loading={false} />
        </Col>
      </Row>
      <ValueEstimateGrid property={property} comps={comps} />
      {property.rentEstimate ? (
        <Card title="Rent estimate" className="dm-property-leases">
          <RentEstimateLine property={property} />
        </Card>
      ) : null}
      <AnalysisSections
        state={state}
        dispatch={dispatch}
        targets={offerTargets}
        offers={offers}
        catalogue={undefined}
        profileStrategyIds={undefined}
        valueEstimate={property.valueEstimate}
        latestRate={null}
        projected={projected}
        onProjected={setProjected}
      />
      <Typography.Paragraph className="dm-note dm-print-hide">
        <Link to="/signup">{SHARED_TEXT.signUp}</Link>
      </Typography.Paragraph>
    </div>
  );
}

/** /shared/:token — a property's analysis someone shared, for anyone with the link (no sign-in). */
export function SharedReportPage() {
  useDocumentTitle(SHARED_TEXT.title);
  const { token = '' } = useParams();
  const report = useSharedReportQuery(token);
  if (report.isLoading) return <PageLoading />;
  if (report.error || !report.data) {
    const message = report.error ? errorMessage(report.error) : SHARED_TEXT.loadFailed;
    return (
      <div className="dm-property-page dm-shared-report">
        <PageTitle>{SHARED_TEXT.title}</PageTitle>
        <Alert type="error" showIcon role="alert" title={message === DEFAULT_ERROR_MESSAGE ? SHARED_TEXT.loadFailed : message} />
        <Typography.Paragraph className="dm-note">
          <Link to="/">Dealmap</Link>
        </Typography.Paragraph>
      </div>
    );
  }
  return <SharedAnalysis report={report.data} token={token} />;
}

export default SharedReportPage;
