/**
 * Mortgage maths: a fixed-rate, fully amortising loan paid monthly.
 *
 * Payment: P · r / (1 − (1 + r)^−n), r = annual rate / 12, n = months. A 0 % rate repays the
 * principal evenly. Nothing is rounded here; round only for display (see format helpers).
 */
export function monthlyPayment(principal: number, annualRatePercent: number, termMonths: number): number {
  if (!Number.isFinite(principal) || !Number.isFinite(annualRatePercent) || !Number.isFinite(termMonths)) return 0;
  if (principal <= 0 || termMonths <= 0) return 0;
  const r = annualRatePercent / 100 / 12;
  if (r === 0) return principal / termMonths;
  return (principal * r) / (1 - Math.pow(1 + r, -termMonths));
}

/** The balance still owed after `paymentsMade` scheduled payments. */
export function remainingBalance(principal: number, annualRatePercent: number, termMonths: number, paymentsMade: number): number {
  if (principal <= 0 || termMonths <= 0) return 0;
  const k = Math.min(Math.max(0, Math.floor(paymentsMade)), termMonths);
  if (k >= termMonths) return 0;
  const r = annualRatePercent / 100 / 12;
  if (r === 0) return principal * (1 - k / termMonths);
  const growth = Math.pow(1 + r, k);
  const payment = monthlyPayment(principal, annualRatePercent, termMonths);
  return Math.max(0, principal * growth - (payment * (growth - 1)) / r);
}

export interface AmortizationRow {
  /** 1-based payment number. */
  month: number;
  payment: number;
  interest: number;
  principal: number;
  balance: number;
}

/** Every scheduled payment, split into interest and principal, with the balance after it. */
export function amortizationSchedule(principal: number, annualRatePercent: number, termMonths: number): AmortizationRow[] {
  const payment = monthlyPayment(principal, annualRatePercent, termMonths);
  const r = annualRatePercent / 100 / 12;
  const rows: AmortizationRow[] = [];
  let balance = principal;
  for (let month = 1; month <= termMonths && payment > 0; month++) {
    const interest = balance * r;
    // The last payment clears what floating-point error left behind.
    const toPrincipal = month === termMonths ? balance : payment - interest;
    balance = Math.max(0, balance - toPrincipal);
    rows.push({ month, payment: interest + toPrincipal, interest, principal: toPrincipal, balance });
  }
  return rows;
}

/** Interest-only monthly payment (hard-money and bridge loans). */
export const interestOnlyPayment = (principal: number, annualRatePercent: number): number =>
  principal > 0 ? (principal * annualRatePercent) / 100 / 12 : 0;

/** Rounds money to cents, for display only. */
export const roundCents = (value: number): number => Math.round(value * 100) / 100;
