import type { OperatingAssumptions } from './defaults';

export interface OperatingExpenses {
  vacancy: number;
  management: number;
  maintenance: number;
  capex: number;
  propertyTax: number;
  insurance: number;
  hoa: number;
  utilities: number;
  total: number;
}

/**
 * Monthly operating expenses of a long-term rental. Vacancy, management, maintenance and capex are
 * percentages of the gross scheduled rent; taxes and insurance are yearly percentages of `value`.
 * Debt service is not an operating expense.
 */
export function monthlyOperatingExpenses(grossScheduledRent: number, value: number, a: OperatingAssumptions): OperatingExpenses {
  const vacancy = (grossScheduledRent * a.vacancyPercent) / 100;
  const management = (grossScheduledRent * a.managementPercent) / 100;
  const maintenance = (grossScheduledRent * a.maintenancePercent) / 100;
  const capex = (grossScheduledRent * a.capexPercent) / 100;
  const propertyTax = (value * a.propertyTaxPercent) / 100 / 12;
  const insurance = (value * a.insurancePercent) / 100 / 12;
  const hoa = a.monthlyHoa;
  const utilities = a.monthlyUtilities;
  const total = vacancy + management + maintenance + capex + propertyTax + insurance + hoa + utilities;
  return { vacancy, management, maintenance, capex, propertyTax, insurance, hoa, utilities, total };
}

/**
 * Cash-on-cash return in percent: annual pre-tax cash flow / cash invested. With no cash left in
 * the deal the return is "infinite": reported as null with the flag set (when the deal cash-flows),
 * never as a division by zero.
 */
export function cashOnCash(
  annualCashFlow: number,
  cashInvested: number,
): { cashOnCashRoi: number | null; cashOnCashInfinite: boolean } {
  if (cashInvested > 0) return { cashOnCashRoi: (annualCashFlow / cashInvested) * 100, cashOnCashInfinite: false };
  return { cashOnCashRoi: null, cashOnCashInfinite: annualCashFlow > 0 };
}

/** Debt service coverage ratio: NOI / annual debt service; null without debt. */
export const dscr = (annualNoi: number, annualDebtService: number): number | null =>
  annualDebtService > 0 ? annualNoi / annualDebtService : null;
