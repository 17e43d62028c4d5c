/**
 * Mortgage maths shared by the client (calculator dialog) and, later, the server.
 *
 * Standard amortization: P · r / (1 − (1 + r)^−n), r = annual rate / 12, n = months.
 * A 0 % rate repays the principal evenly: principal / termMonths.
 */
export function monthlyPayment(principal: number, annualRatePercent: number, termMonths: number): number {
  if (!Number.isFinite(principal) || !Number.isFinite(annualRatePercent) || !Number.isFinite(termMonths)) return 0;
  if (principal <= 0 || termMonths <= 0) return 0;
  const r = annualRatePercent / 100 / 12;
  if (r === 0) return principal / termMonths;
  return (principal * r) / (1 - Math.pow(1 + r, -termMonths));
}

/** Rounds money to cents. */
export const roundCents = (value: number): number => Math.round(value * 100) / 100;
