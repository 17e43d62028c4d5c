import { Alert, Button, Skeleton, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { OwnedDeal } from '../../../shared/schemas/portfolio';
import { errorMessage } from '../../api/base-query';
import { PageTitle } from '../../components/page-title';
import { AddAddressDialog } from './add-address-dialog';
import { AddOwnedDialog } from './add-owned-dialog';
import { ChangesList } from './changes-list';
import { FiguresSummary } from './figures-summary';
import { monthText } from './figure-text';
import { HistoryCharts } from './history-charts';
import { ImportPortfolioDialog } from './import-portfolio-dialog';
import { OwnedDeals } from './owned-deals';
import { PropertiesTable } from './properties-table';
import { SectionCard } from './section-card';
import { usePortfolioQuery } from './portfolio-api';
import { PORTFOLIO_TEXT } from './portfolio-text';
import './portfolio.css';

type Dialog = { kind: 'owned'; deal: OwnedDeal } | { kind: 'address' } | { kind: 'import' } | null;

/** The investor's owned properties: the whole portfolio's figures and history, the deals to add, and each property. */
export function PortfolioPage() {
  // Asked again on each visit: a deal moved to Owned on the pipeline since is one to add now.
  const portfolio = usePortfolioQuery(undefined, { refetchOnMountOrArgChange: true });
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const data = portfolio.data;

  let body: ReactNode;
  if (portfolio.error) {
    body = (
      <Alert
        type="error"
        showIcon
        role="alert"
        className="dm-form-alert"
        title={errorMessage(portfolio.error)}
        action={<Button onClick={() => void portfolio.refetch()}>Try again</Button>}
      />
    );
  } else if (!data) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else {
    const hasProperties = data.properties.length > 0;
    body = (
      <>
        {!hasProperties && data.ownedDeals.length === 0 ? (
          <div className="dm-portfolio-empty" data-testid="portfolio-empty">
            <Typography.Paragraph>{PORTFOLIO_TEXT.empty}</Typography.Paragraph>
            <Link to="/app/pipeline">{PORTFOLIO_TEXT.openPipeline}</Link>
          </div>
        ) : null}
        {hasProperties ? (
          <SectionCard
            title={PORTFOLIO_TEXT.totals}
            extra={<span className="dm-portfolio-muted">{PORTFOLIO_TEXT.asOf(monthText(data.asOf))}</span>}
          >
            <FiguresSummary figures={data.totals} testId="portfolio-totals" />
            <ChangesList changes={data.totals.changes} testId="portfolio-changes" />
          </SectionCard>
        ) : null}
        {data.ownedDeals.length > 0 ? (
          <SectionCard title={PORTFOLIO_TEXT.ownedDeals}>
            <p className="dm-portfolio-muted">{PORTFOLIO_TEXT.ownedDealsLead}</p>
            <OwnedDeals deals={data.ownedDeals} onAdd={(deal) => setDialog({ kind: 'owned', deal })} />
          </SectionCard>
        ) : null}
        {hasProperties ? (
          <>
            <SectionCard title={PORTFOLIO_TEXT.properties}>
              <PropertiesTable properties={data.properties} />
            </SectionCard>
            <SectionCard title={PORTFOLIO_TEXT.history}>
              <HistoryCharts months={data.history} />
            </SectionCard>
          </>
        ) : null}
      </>
    );
  }

  return (
    <div className="dm-portfolio-page">
      <PageTitle>{PORTFOLIO_TEXT.title}</PageTitle>
      <Typography.Paragraph type="secondary">{PORTFOLIO_TEXT.lead}</Typography.Paragraph>
      <div className="dm-portfolio-actions">
        <Button data-testid="portfolio-add-address" onClick={() => setDialog({ kind: 'address' })}>
          {PORTFOLIO_TEXT.addAddress}
        </Button>
        <Button data-testid="portfolio-import" onClick={() => setDialog({ kind: 'import' })}>
          {PORTFOLIO_TEXT.importCsv}
        </Button>
      </div>
      {body}
      {dialog?.kind === 'owned' ? <AddOwnedDialog deal={dialog.deal} onClose={close} /> : null}
      {dialog?.kind === 'address' ? <AddAddressDialog onClose={close} /> : null}
      {dialog?.kind === 'import' ? <ImportPortfolioDialog onClose={close} /> : null}
    </div>
  );
}

export default PortfolioPage;
