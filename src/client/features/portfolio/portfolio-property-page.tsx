import { Alert, Button, Skeleton } from 'antd';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { PortfolioMonth, PortfolioPropertyDetail } from '../../../shared/schemas/portfolio';
import { errorMessage, errorStatus } from '../../api/base-query';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageTitle } from '../../components/page-title';
import { ChangesList } from './changes-list';
import { EditPropertyDialog } from './edit-property-dialog';
import { FiguresSummary } from './figures-summary';
import { monthText } from './figure-text';
import { HistoryCharts } from './history-charts';
import { ImportActualsDialog } from './import-actuals-dialog';
import { MonthDialog } from './month-dialog';
import { MonthsTable } from './months-table';
import { usePortfolioPropertyQuery, useRemovePortfolioMonthMutation, useRemovePortfolioPropertyMutation } from './portfolio-api';
import { PORTFOLIO_TEXT } from './portfolio-text';
import { PurchaseDetails } from './purchase-details';
import { SectionCard } from './section-card';
import './portfolio.css';

type Dialog =
  | { kind: 'edit' }
  | { kind: 'remove' }
  | { kind: 'month'; editing?: PortfolioMonth }
  | { kind: 'delete-month'; month: PortfolioMonth }
  | { kind: 'import' }
  | null;

function PropertyView({ property }: { property: PortfolioPropertyDetail }) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [removeProperty, removing] = useRemovePortfolioPropertyMutation();
  const [removeMonth, removingMonth] = useRemovePortfolioMonthMutation();
  const close = () => setDialog(null);

  const remove = async () => {
    try {
      await removeProperty(property._id).unwrap();
      toast.success(PORTFOLIO_TEXT.removed(property.address));
      void navigate('/app/portfolio', { replace: true });
    } catch (error) {
      toast.error(errorMessage(error));
      close();
    }
  };
  const deleteMonth = async (month: string) => {
    try {
      await removeMonth({ id: property._id, month }).unwrap();
      toast.success(PORTFOLIO_TEXT.monthDeleted(monthText(month)));
    } catch (error) {
      toast.error(errorMessage(error));
    }
    close();
  };

  return (
    <>
      <p className="dm-portfolio-muted">
        {property.city}, {property.state} {property.zip}
      </p>
      <SectionCard title={PORTFOLIO_TEXT.figures}>
        <FiguresSummary figures={property.figures} testId="property-figures" />
        <ChangesList changes={property.figures.changes} testId="property-changes" />
      </SectionCard>
      <SectionCard
        title={PORTFOLIO_TEXT.months}
        extra={
          <div className="dm-portfolio-actions dm-portfolio-actions-compact">
            <Button type="primary" data-testid="add-month" onClick={() => setDialog({ kind: 'month' })}>
              {PORTFOLIO_TEXT.addMonth}
            </Button>
            <Button data-testid="import-actuals" onClick={() => setDialog({ kind: 'import' })}>
              {PORTFOLIO_TEXT.importActuals}
            </Button>
          </div>
        }
      >
        <p className="dm-portfolio-muted">{PORTFOLIO_TEXT.monthsLead}</p>
        <MonthsTable
          months={property.months}
          history={property.history}
          onEdit={(editing) => setDialog({ kind: 'month', editing })}
          onDelete={(month) => setDialog({ kind: 'delete-month', month })}
        />
      </SectionCard>
      <SectionCard title={PORTFOLIO_TEXT.history}>
        <HistoryCharts months={property.history} />
      </SectionCard>
      <SectionCard
        title={PORTFOLIO_TEXT.purchase}
        extra={
          <div className="dm-portfolio-actions dm-portfolio-actions-compact">
            <Button onClick={() => setDialog({ kind: 'edit' })}>{PORTFOLIO_TEXT.edit}</Button>
            <Button danger onClick={() => setDialog({ kind: 'remove' })}>
              {PORTFOLIO_TEXT.remove}
            </Button>
          </div>
        }
      >
        <PurchaseDetails property={property} />
      </SectionCard>

      {dialog?.kind === 'edit' ? <EditPropertyDialog property={property} onClose={close} /> : null}
      {dialog?.kind === 'month' ? (
        <MonthDialog
          propertyId={property._id}
          purchaseDate={property.purchaseDate}
          months={property.months}
          editing={dialog.editing}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'import' ? <ImportActualsDialog propertyId={property._id} onClose={close} /> : null}
      <ConfirmDialog
        open={dialog?.kind === 'remove'}
        title={PORTFOLIO_TEXT.removeQuestion(property.address)}
        danger
        busy={removing.isLoading}
        onYes={() => void remove()}
        onNo={close}
      >
        {PORTFOLIO_TEXT.removeDetail}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'delete-month'}
        title={dialog?.kind === 'delete-month' ? PORTFOLIO_TEXT.deleteMonthQuestion(monthText(dialog.month.month)) : ''}
        danger
        busy={removingMonth.isLoading}
        onYes={() => {
          if (dialog?.kind === 'delete-month') void deleteMonth(dialog.month.month);
        }}
        onNo={close}
      />
    </>
  );
}

/** One owned property (`/app/portfolio/:id`): its figures, months, history, and purchase, loan and projection. */
export function PortfolioPropertyPage() {
  const { id = '' } = useParams();
  const query = usePortfolioPropertyQuery(id);
  const property = query.data;
  const notFound = errorStatus(query.error) === 404;

  return (
    <div className="dm-portfolio-page">
      <Link to="/app/portfolio" className="dm-portfolio-back">
        {PORTFOLIO_TEXT.back}
      </Link>
      <PageTitle documentTitle={property?.address ?? PORTFOLIO_TEXT.title}>{property?.address ?? PORTFOLIO_TEXT.title}</PageTitle>
      {query.error ? (
        <Alert
          type={notFound ? 'warning' : 'error'}
          showIcon
          role="alert"
          className="dm-form-alert"
          title={notFound ? PORTFOLIO_TEXT.notFound : errorMessage(query.error)}
          action={notFound ? undefined : <Button onClick={() => void query.refetch()}>Try again</Button>}
        />
      ) : property ? (
        <PropertyView property={property} />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </div>
  );
}

export default PortfolioPropertyPage;
