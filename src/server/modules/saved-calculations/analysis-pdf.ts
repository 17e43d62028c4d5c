import PDFDocument from 'pdfkit';
import { formatCompactUsd, linearScale, niceTicks } from '../../../shared/chart-scale';
import { dealStatusFromMarker } from '../../../shared/deal-status';
import { formatAddress, formatCurrency, formatInteger, formatRoi } from '../../../shared/format';
import { analyzeWhatIf, maxOffers, projectBrrrr, projectBuyHold, yearOfSale, type MaxOffer } from '../../../shared/invest';
import { inputsUsed } from '../../../shared/invest/inputs-used';
import {
  formatMetric,
  metricValue,
  RANK_METRICS,
  STRATEGIES,
  strategyName,
  type RankMetric,
} from '../../../shared/invest/ranking';
import type { SharedReport } from '../../../shared/schemas/shared-reports';

/**
 * The analysis as a PDF file (issue 40, "Download PDF"): pdfkit, vector text and lines, the same
 * figures as the property page (the same engine, src/shared/invest, on the same inputs): the
 * property, its estimates, the four strategies' metrics and max offers, the projection chart and its
 * years, the comps and every input, with who prepared it.
 */

const PAGE = { width: 612, height: 792, margin: 48 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const INK = '#1f2937';
const MUTED = '#4b5563';
const RULE = '#d1d5db';
const CHART_COLORS = { value: '#4f46e5', balance: '#dc2626', equity: '#059669' };

/**
 * The standard fonts' WinAnsi encoding lacks a few characters the formatters use (the minus sign, the
 * infinity of an infinite return, arrows): each gets its plain-text equivalent.
 */
export function pdfText(text: string): string {
  return text
    .replace(/\u2212/g, '-')
    .replace(/\u221e/g, 'infinite')
    .replace(/\u2192/g, '->')
    .replace(/\u2009|\u202f/g, ' ')
    .replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026]/g, '?');
}

const offerText = (offer: MaxOffer): string =>
  offer.kind === 'price' ? formatCurrency(offer.price) : offer.kind === 'any' ? 'Any price' : 'None';

/** The strategies table's short column titles (a column is 70 points wide), in RANK_METRICS' order. */
const METRIC_TITLES: Record<RankMetric, string> = {
  cashOnCash: 'Cash-on-cash',
  monthlyCashFlow: 'Cash flow/mo',
  capRate: 'Cap rate',
  profit: 'Profit',
  cashNeeded: 'Cash needed',
};

/** "Dec 4, 2025" from a YYYY-MM-DD day. */
const dayText = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

type Doc = PDFKit.PDFDocument;

function heading(doc: Doc, text: string) {
  if (doc.y > PAGE.height - PAGE.margin - 80) doc.addPage();
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor(INK).text(pdfText(text), PAGE.margin);
  doc.moveDown(0.3);
}

/** A line of text at the margin, after `space` lines of room. */
function paragraph(doc: Doc, text: string, { size = 9, color = INK, space = 0.3 } = {}) {
  doc.moveDown(space).font('Helvetica').fontSize(size).fillColor(color).text(pdfText(text), PAGE.margin);
}

/** A table with a header row; columns after the first are right-aligned. */
function table(doc: Doc, columns: Array<{ title: string; width: number }>, rows: string[][]) {
  const rowHeight = 16;
  const draw = (cells: string[], bold: boolean) => {
    if (doc.y > PAGE.height - PAGE.margin - rowHeight) doc.addPage();
    const y = doc.y;
    let x = PAGE.margin;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9)
      .fillColor(INK);
    cells.forEach((cell, i) => {
      doc.text(pdfText(cell), x + 2, y + 4, {
        width: columns[i].width - 4,
        align: i === 0 ? 'left' : 'right',
        height: rowHeight - 4,
        ellipsis: true,
      });
      x += columns[i].width;
    });
    doc
      .moveTo(PAGE.margin, y + rowHeight)
      .lineTo(PAGE.margin + CONTENT_WIDTH, y + rowHeight)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.x = PAGE.margin;
    doc.y = y + rowHeight;
  };
  draw(
    columns.map((c) => c.title),
    true,
  );
  for (const row of rows) draw(row, false);
}

/** Property value, loan balance and equity by year: axes, ticks, three lines and their legend. */
function projectionChart(
  doc: Doc,
  years: number[],
  lines: Array<{ label: string; color: string; values: number[]; dashed?: boolean }>,
) {
  const height = 190;
  if (doc.y > PAGE.height - PAGE.margin - height - 30) doc.addPage();
  const top = doc.y + 4;
  const left = PAGE.margin + 48;
  const right = PAGE.margin + CONTENT_WIDTH;
  const bottom = top + height - 24;
  const all = lines.flatMap((l) => l.values).filter(Number.isFinite);
  const ticks = niceTicks(Math.min(...all, 0), Math.max(...all, 0));
  const y = linearScale(ticks[0], ticks[ticks.length - 1], bottom, top);
  const x = linearScale(0, Math.max(1, years.length - 1), left, right);

  doc.font('Helvetica').fontSize(8).fillColor(MUTED);
  for (const t of ticks) {
    doc
      .moveTo(left, y(t))
      .lineTo(right, y(t))
      .lineWidth(t === 0 ? 0.8 : 0.3)
      .strokeColor(t === 0 ? MUTED : RULE)
      .stroke();
    doc.text(pdfText(formatCompactUsd(t)), PAGE.margin, y(t) - 4, { width: 44, align: 'right', lineBreak: false });
  }
  const step = years.length > 15 ? 5 : years.length > 8 ? 2 : 1;
  years.forEach((year, i) => {
    if (year % step === 0 || i === 0)
      doc.text(`Yr ${year}`, x(i) - 15, bottom + 4, { width: 30, align: 'center', lineBreak: false });
  });
  for (const line of lines) {
    line.values.forEach((v, i) => (i === 0 ? doc.moveTo(x(i), y(v)) : doc.lineTo(x(i), y(v))));
    doc.lineWidth(1.5).strokeColor(line.color);
    if (line.dashed) doc.dash(4, { space: 3 });
    doc.stroke().undash();
  }
  let legendX = left;
  const legendY = bottom + 16;
  for (const line of lines) {
    doc.rect(legendX, legendY + 2, 10, 3).fill(line.color);
    doc.fillColor(INK).text(pdfText(line.label), legendX + 14, legendY, { lineBreak: false });
    legendX += 14 + doc.widthOfString(line.label) + 18;
  }
  doc.x = PAGE.margin;
  doc.y = legendY + 14;
}

/** The analysis's PDF, as bytes. `preparedAt`: the date printed. */
export function renderAnalysisPdf(report: Omit<SharedReport, 'expiresAt'>, preparedAt = new Date()): Promise<Buffer> {
  const { property, comps, whatIf, growth, holdYears, offerTargets } = report;
  const address = formatAddress(property);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    info: {
      Title: pdfText(`${address}: investment analysis`),
      Author: pdfText(report.sharedBy || 'Dealmap'),
      Creator: 'Dealmap',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const analysis = analyzeWhatIf(whatIf);
  const offers = maxOffers(whatIf, offerTargets);
  const date = preparedAt.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text('Dealmap investment analysis');
  doc.font('Helvetica-Bold').fontSize(18).fillColor(INK).text(pdfText(address));
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      pdfText(
        `Prepared by ${report.sharedBy || 'a Dealmap investor'} on ${date} · strategy in focus: ${strategyName(report.strategy)}`,
      ),
    );
  doc.moveDown(0.5).fillColor(INK).fontSize(10);
  const value = property.valueEstimate;
  const rent = property.rentEstimate;
  const facts = [
    `List price ${formatCurrency(property.LatestListingPrice)} · ${dealStatusFromMarker(property.markerColor?.background)}`,
    value?.value != null
      ? `Estimated value ${formatCurrency(value.value)}${value.range ? ` (${value.range.coverage} % range ${formatCurrency(value.range.low)} – ${formatCurrency(value.range.high)})` : ''} from ${value.compCount} sales`
      : 'No value estimate',
    rent?.monthlyRent != null
      ? `Estimated rent ${formatCurrency(rent.monthlyRent)}/month${rent.range ? ` (${rent.range.coverage} % range ${formatCurrency(rent.range.low)} – ${formatCurrency(rent.range.high)})` : ''} from ${rent.leaseCount} leases`
      : 'No rent estimate from leases',
    [
      property.BedroomsTotal !== null ? `${property.BedroomsTotal} bd` : null,
      property.BathroomsTotal !== null ? `${property.BathroomsTotal} ba` : null,
      property.BuildingAreaTotal !== null ? `${formatInteger(property.BuildingAreaTotal)} sq ft` : null,
    ]
      .filter(Boolean)
      .join(' · '),
  ];
  for (const line of facts) if (line) doc.text(pdfText(line));

  heading(doc, 'Strategies');
  const metrics = RANK_METRICS.map((m) => m.key);
  table(
    doc,
    [
      { title: 'Strategy', width: 102 },
      ...RANK_METRICS.map((m) => ({ title: METRIC_TITLES[m.key], width: 70 })),
      { title: 'Max offer', width: CONTENT_WIDTH - 102 - 70 * RANK_METRICS.length },
    ],
    STRATEGIES.map((s) => [
      s.name,
      ...metrics.map((metric) => {
        const m = metricValue(metric, s.key, analysis, whatIf);
        return m.value === null && !m.infinite ? '—' : formatMetric(metric, m);
      }),
      offerText(offers[s.key]),
    ]),
  );
  paragraph(
    doc,
    `Max offer: the highest price at which a rental pays ${offerTargets.cashOnCashPercent} % cash-on-cash, a flip makes ${offerTargets.flipProfitPercent} % of its after-repair value (None: no price does).`,
    { size: 8, color: MUTED },
  );

  const rental = report.strategy === 'brrrr' ? 'brrrr' : 'buyHold';
  const projection = rental === 'brrrr' ? projectBrrrr(whatIf, growth) : projectBuyHold(whatIf, growth);
  const sale = yearOfSale(projection, holdYears);
  heading(doc, `${strategyName(rental)} projection: value, loan balance and equity`);
  projectionChart(
    doc,
    projection.years.map((r) => r.year),
    [
      { label: 'Property value', color: CHART_COLORS.value, values: projection.years.map((r) => r.propertyValue) },
      { label: 'Loan balance', color: CHART_COLORS.balance, values: projection.years.map((r) => r.loanBalance), dashed: true },
      { label: 'Equity', color: CHART_COLORS.equity, values: projection.years.map((r) => r.equity) },
    ],
  );
  const shownYears = [...new Set([1, 5, 10, holdYears, projection.years.length])]
    .filter((year) => year <= projection.years.length)
    .sort((a, b) => a - b);
  doc.moveDown(0.4);
  table(
    doc,
    [
      { title: 'Year', width: 56 },
      { title: 'Cash flow', width: 86 },
      { title: 'Cumulative cash flow', width: 110 },
      { title: 'Equity', width: 86 },
      { title: 'Profit if sold', width: 90 },
      { title: 'IRR if sold', width: CONTENT_WIDTH - 56 - 86 - 110 - 86 - 90 },
    ],
    shownYears.map((year) => {
      const row = projection.years[year - 1];
      return [
        year === holdYears ? `${year} (hold)` : String(year),
        formatCurrency(row.cashFlow),
        formatCurrency(row.cumulativeCashFlow),
        formatCurrency(row.equity),
        formatCurrency(row.totalProfit),
        formatRoi(row.irrPercent),
      ];
    }),
  );
  if (sale) {
    paragraph(
      doc,
      `Sold after ${sale.year} years: ${formatCurrency(sale.totalProfit)} profit on ${formatCurrency(projection.cashInvested)} invested, IRR ${formatRoi(sale.irrPercent)}.`,
    );
  }

  heading(doc, `Comparable sales (${comps.length})`);
  if (comps.length === 0) paragraph(doc, 'No comparable sales.', { space: 0 });
  else {
    table(
      doc,
      [
        { title: 'Address', width: 230 },
        { title: 'Sold price', width: 80 },
        { title: 'Sold', width: 80 },
        { title: 'Beds / baths', width: 64 },
        { title: 'Sq ft', width: CONTENT_WIDTH - 230 - 80 - 80 - 64 },
      ],
      comps.map((c) => [
        formatAddress(c),
        formatCurrency(c.MLSSoldPrice),
        dayText(c.closeDate),
        `${c.BedroomsTotal ?? '—'} / ${c.BathroomsTotal ?? '—'}`,
        c.BuildingAreaTotal !== null ? formatInteger(c.BuildingAreaTotal) : '—',
      ]),
    );
  }

  heading(doc, 'Assumptions used');
  for (const group of inputsUsed(whatIf, growth, holdYears)) {
    if (doc.y > PAGE.height - PAGE.margin - 40) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(9).fillColor(INK).text(pdfText(group.title), PAGE.margin);
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(pdfText(group.items.map((item) => `${item.label}: ${item.value}`).join(' · ')), PAGE.margin, doc.y, {
        width: CONTENT_WIDTH,
      });
    doc.moveDown(0.3);
  }
  paragraph(doc, 'Investment research, not financial advice. Figures from Dealmap at the inputs above.', {
    size: 8,
    color: MUTED,
    space: 1,
  });
  doc.end();
  return done;
}
