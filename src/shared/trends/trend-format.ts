/** "+2.1 %", "−0.4 %", "0.0 %": a change with its sign (a true minus sign), one decimal. */
export function formatPercentChange(percent: number): string {
  const rounded = Math.round(percent * 10) / 10;
  const text = Math.abs(rounded).toFixed(1);
  if (rounded > 0) return `+${text} %`;
  if (rounded < 0) return `\u2212${text} %`;
  return `${text} %`;
}
