import dayjs from 'dayjs';
import { actualsOf, newMonthValues } from '../../src/client/features/portfolio/month-values';
import {
  addressBody,
  editValues,
  loanOf,
  ownedDealBody,
  ownedDealValues,
  updateBody,
} from '../../src/client/features/portfolio/purchase-values';
import { estimateText } from '../../src/client/features/portfolio/figure-text';
import { historyDescription } from '../../src/client/features/portfolio/history-charts';
import { detail, ELM, HISTORY, OWNED } from './portfolio-fixtures';

describe("the portfolio forms' values", () => {
  it('sends no loan for a cash purchase, and a loan starting on the purchase day when no start is given', () => {
    const purchaseDate = dayjs('2026-02-20');
    expect(ownedDealBody('d1', { purchasePrice: 245000, purchaseDate, loanTerm: 30 })).toEqual({
      dealId: 'd1',
      purchasePrice: 245000,
      purchaseDate: '2026-02-20',
    });
    expect(loanOf({ purchaseDate, loanAmount: 150000, loanRate: 7, loanTerm: 15 })).toEqual({
      amount: 150000,
      ratePercent: 7,
      termYears: 15,
      startDate: '2026-02-20',
    });
  });

  it("prefills an Owned deal's purchase from its offer, else its list price", () => {
    expect(ownedDealValues(OWNED).purchasePrice).toBe(245000);
    expect(ownedDealValues({ ...OWNED, offerPrice: null }).purchasePrice).toBe(259000);
    expect(ownedDealValues(OWNED).purchaseDate?.format('YYYY-MM-DD')).toBe('2026-02-20');
  });

  it('trims the address, upper-cases the state and leaves out the facts not given', () => {
    expect(
      addressBody({
        address: ' 1 Elm St ',
        city: ' Austin',
        state: 'tx',
        zip: '78701 ',
        baths: 1.5,
        beds: null,
        purchasePrice: 1,
        purchaseDate: dayjs('2020-01-02'),
      }),
    ).toEqual({
      address: '1 Elm St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      baths: 1.5,
      purchasePrice: 1,
      purchaseDate: '2020-01-02',
    });
  });

  it('sends the property back unchanged when nothing is edited', () => {
    expect(updateBody(editValues(ELM))).toEqual({
      beds: ELM.beds,
      baths: ELM.baths,
      area: ELM.area,
      purchasePrice: ELM.purchasePrice,
      purchaseDate: ELM.purchaseDate,
      loan: ELM.loan,
      plan: ELM.plan,
    });
  });

  it("starts a new month after the latest entered, never past this month, with that month's figures", () => {
    const { months, purchaseDate } = detail();
    const next = newMonthValues(months, purchaseDate, dayjs('2026-11-29'));
    expect(next.month?.format('YYYY-MM')).toBe('2026-04');
    expect(next).toMatchObject({ rent: 1950, expenses: 500, vacantDays: 0 });
    expect(newMonthValues(months, purchaseDate, dayjs('2026-03-10')).month?.format('YYYY-MM')).toBe('2026-03');
    // None entered yet: the month after the purchase, when the projection starts.
    expect(newMonthValues([], '2025-12-15', dayjs('2026-11-29')).month?.format('YYYY-MM')).toBe('2026-01');
    expect(actualsOf({ rent: 1, vacantDays: 0, expenses: 2, note: '  ' })).toEqual({ rent: 1, vacantDays: 0, expenses: 2 });
  });

  it('words an estimate with its range, or says there is none', () => {
    expect(estimateText({ value: 372000, low: 351000, high: 394000 })).toEqual({
      value: '$372,000',
      range: 'Range $351,000–$394,000',
    });
    expect(estimateText(null)).toEqual({ value: 'No estimate', range: null });
    expect(historyDescription('cashFlow', HISTORY)).toBe(
      'Actual cash flow and projected cash flow, Jan 2026 to Mar 2026. The figures are in the table below the chart.',
    );
  });
});
