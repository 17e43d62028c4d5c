import dayjs, { type Dayjs } from 'dayjs';
import type {
  AddPortfolioProperty,
  OwnedDeal,
  PortfolioLoan,
  PortfolioPlan,
  PortfolioProperty,
  UpdatePortfolioProperty,
} from '../../../shared/schemas/portfolio';

/** How the wire writes a day and a month. */
export const DAY_FORMAT = 'YYYY-MM-DD';
export const MONTH_FORMAT = 'YYYY-MM';
export const DEFAULT_TERM_YEARS = 30;

type Maybe<T> = T | null | undefined;

/** The server's names of the loan's fields (error.fields) and the forms' own. */
export const LOAN_FIELD_NAMES: Record<string, string> = {
  'loan.amount': 'loanAmount',
  'loan.ratePercent': 'loanRate',
  'loan.termYears': 'loanTerm',
  'loan.startDate': 'loanStart',
};

/** What the purchase and loan fields hold (the dates as dayjs, as the date pickers want them). */
export interface PurchaseFormValues {
  purchasePrice?: Maybe<number>;
  purchaseDate?: Maybe<Dayjs>;
  loanAmount?: Maybe<number>;
  loanRate?: Maybe<number>;
  loanTerm?: Maybe<number>;
  loanStart?: Maybe<Dayjs>;
}

export interface FactsFormValues {
  beds?: Maybe<number>;
  baths?: Maybe<number>;
  area?: Maybe<number>;
}

export interface AddressFormValues extends PurchaseFormValues, FactsFormValues {
  address?: string;
  city?: string;
  state?: string;
  zip?: string;
}

export type PlanFormValues = { [K in keyof PortfolioPlan]?: Maybe<number> };

export interface EditFormValues extends PurchaseFormValues, FactsFormValues {
  plan?: PlanFormValues;
}

const orNull = <T>(value: Maybe<T>): T | null => (value === undefined || value === null ? null : value);

/** The loan the fields describe; none (a cash purchase) while the amount is empty. */
export function loanOf(values: PurchaseFormValues): PortfolioLoan | null {
  if (!values.loanAmount) return null;
  const start = values.loanStart ?? values.purchaseDate;
  return {
    amount: values.loanAmount,
    ratePercent: values.loanRate ?? 0,
    termYears: values.loanTerm ?? DEFAULT_TERM_YEARS,
    startDate: start ? start.format(DAY_FORMAT) : '',
  };
}

function purchaseOf(values: PurchaseFormValues) {
  return { purchasePrice: values.purchasePrice ?? 0, purchaseDate: values.purchaseDate?.format(DAY_FORMAT) ?? '' };
}

function factsOf(values: FactsFormValues) {
  return { beds: orNull(values.beds), baths: orNull(values.baths), area: orNull(values.area) };
}

/** POST /portfolio/properties for an Owned pipeline deal. */
export function ownedDealBody(dealId: string, values: PurchaseFormValues): AddPortfolioProperty {
  const loan = loanOf(values);
  return { dealId, ...purchaseOf(values), ...(loan ? { loan } : {}) };
}

/** POST /portfolio/properties by address (the facts left empty are not sent). */
export function addressBody(values: AddressFormValues): AddPortfolioProperty {
  const loan = loanOf(values);
  const facts = Object.fromEntries(Object.entries(factsOf(values)).filter(([, v]) => v !== null));
  return {
    address: (values.address ?? '').trim(),
    city: (values.city ?? '').trim(),
    state: (values.state ?? '').trim().toUpperCase(),
    zip: (values.zip ?? '').trim(),
    ...facts,
    ...purchaseOf(values),
    ...(loan ? { loan } : {}),
  };
}

/** PATCH /portfolio/properties/:id: everything the edit form shows (an emptied loan amount removes the loan). */
export function updateBody(values: EditFormValues): UpdatePortfolioProperty {
  const plan = Object.fromEntries(Object.entries(values.plan ?? {}).filter(([, v]) => typeof v === 'number'));
  return { ...factsOf(values), ...purchaseOf(values), loan: loanOf(values), plan };
}

/** The add dialog's first values for an Owned deal: its offer (or list) price and the day it was owned. */
export function ownedDealValues(deal: OwnedDeal): PurchaseFormValues {
  const purchaseDate = dayjs(deal.ownedSince).startOf('day');
  return {
    purchasePrice: deal.offerPrice ?? deal.listPrice,
    purchaseDate,
    loanTerm: DEFAULT_TERM_YEARS,
    loanStart: purchaseDate,
  };
}

/** The edit dialog's first values: the property as it is. */
export function editValues(property: PortfolioProperty): EditFormValues {
  const purchaseDate = dayjs(property.purchaseDate);
  const { loan } = property;
  return {
    beds: property.beds,
    baths: property.baths,
    area: property.area,
    purchasePrice: property.purchasePrice,
    purchaseDate,
    loanAmount: loan?.amount ?? null,
    loanRate: loan?.ratePercent ?? null,
    loanTerm: loan?.termYears ?? DEFAULT_TERM_YEARS,
    loanStart: loan ? dayjs(loan.startDate) : purchaseDate,
    plan: { ...property.plan },
  };
}
