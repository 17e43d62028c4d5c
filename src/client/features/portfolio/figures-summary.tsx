import type { ReactNode } from 'react';
import { formatCurrency } from '../../../shared/format';
import type { PortfolioFigures } from '../../../shared/schemas/portfolio';
import { estimateText, percentText } from './figure-text';
import { PORTFOLIO_TEXT } from './portfolio-text';

function Figure({ label, value, note }: { label: string; value: string; note?: ReactNode }) {
  return (
    <div className="dm-portfolio-figure">
      <dt>{label}</dt>
      <dd>
        <span className="dm-portfolio-figure-value">{value}</span>
        {note ? <span className="dm-portfolio-figure-note">{note}</span> : null}
      </dd>
    </div>
  );
}

/** What a property (or the whole portfolio) did, each figure beside the projection made at purchase. */
export function FiguresSummary({ figures, testId }: { figures: PortfolioFigures; testId: string }) {
  const value = estimateText(figures.value);
  const rent = estimateText(figures.rent);
  const projected = PORTFOLIO_TEXT.projected;
  return (
    <dl className="dm-portfolio-figures" data-testid={testId}>
      <Figure
        label="Value"
        value={value.value}
        note={
          <>
            {value.range ? <span>{value.range}</span> : null}
            <span>{projected(formatCurrency(figures.projectedValue))}</span>
          </>
        }
      />
      <Figure label="Rent estimate" value={figures.rent ? PORTFOLIO_TEXT.perMonth(rent.value) : rent.value} note={rent.range} />
      <Figure label="Equity" value={formatCurrency(figures.equity)} />
      <Figure
        label="Loan balance"
        value={formatCurrency(figures.loanBalance)}
        note={figures.monthlyPayment > 0 ? `${formatCurrency(figures.monthlyPayment)} a month` : null}
      />
      <Figure
        label="Cash flow to date"
        value={formatCurrency(figures.cashFlowToDate)}
        note={
          <>
            <span>{projected(formatCurrency(figures.projectedCashFlowToDate))}</span>
            <span>{PORTFOLIO_TEXT.monthsWithActuals(figures.monthsWithActuals)}</span>
          </>
        }
      />
      <Figure
        label="Cash-on-cash"
        value={percentText(figures.cashOnCash)}
        note={projected(percentText(figures.projectedCashOnCash))}
      />
      <Figure
        label="IRR to date"
        value={percentText(figures.irr)}
        note={
          figures.projectedIrr === null && figures.monthsWithActuals > 0
            ? PORTFOLIO_TEXT.irrAfterAYear
            : projected(percentText(figures.projectedIrr))
        }
      />
      <Figure label="Cash invested" value={formatCurrency(figures.cashInvested)} />
    </dl>
  );
}
