import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { DATABASES, SETUP_TIMEOUT, bearer, createTestApp, json, signup, type TestApp } from '../../helpers';
import { listingWhatIf } from '../../../support/what-if';
import { formatCurrency, formatRoi } from '../../../../src/shared/format';
import { analyzeWhatIf, maxOffers, projectBuyHold, yearOfSale } from '../../../../src/shared/invest';
import { DEFAULT_GROWTH } from '../../../../src/shared/invest/projection';
import { formatMetric, metricValue } from '../../../../src/shared/invest/ranking';
import { pdfText } from '../../../../src/server/modules/saved-calculations/analysis-pdf';

const COMP = '00000000-0000-4000-8000-0000000000d1';

/** The PDF's text as pdftotext (poppler-utils) reads it back, one line per line of the page. */
function pdfToText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealmap-pdf-'));
  try {
    const file = path.join(dir, 'analysis.pdf');
    fs.writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** "Download PDF" (issue 40): a real PDF with the page's figures, read back. */
describe.each(DATABASES)('the analysis PDF on $name', (database) => {
  let t: TestApp;
  let propertyId: string;
  beforeAll(async () => {
    t = await createTestApp(database);
    await sql`insert into sold_comps (id, listing_key, close_price, list_price, close_date, area, beds, baths_full, address_full, city, state, zip, latitude, longitude)
      values (${COMP}, 'PDF-COMP', 287500, 290000, '2026-08-14', 1450, 3, 2, '41 ELM ST', 'Austin', 'TX', '78702', 30.26, -97.73)`.execute(
      t.db,
    );
    const row = await sql<{ id: string }>`
      insert into properties (listing_key, list_price, address_full, city, state, zip, latitude, longitude, comp_ids, beds, area)
      values ('PDF-1', 300000, '1200 E 11TH ST', 'Austin', 'TX', '78702', 30.27, -97.73, ${`{${COMP}}`}::uuid[], 3, 1500)
      returning id::text as id`.execute(t.db);
    propertyId = row.rows[0].id;
  }, SETUP_TIMEOUT);
  afterAll(async () => t?.close());

  const whatIf = listingWhatIf(6.5);
  const targets = { cashOnCashPercent: 8, flipProfitPercent: 15 };
  const body = () => ({ propertyId, strategy: 'buyHold', whatIf, growth: DEFAULT_GROWTH, holdYears: 10, offerTargets: targets });

  it("has the page's figures, the projection, the comps and who prepared it", async () => {
    const ada = await signup(t.app);
    await sql`update users set first_name = 'Ada', last_name = 'Lovelace' where id = ${ada.user._id}`.execute(t.db);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/analysis.pdf',
      headers: bearer(ada.token),
      payload: body(),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="1200-e-11th-st-austin-tx-78702-analysis.pdf"');
    expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfToText(answer.rawPayload);

    expect(text).toContain('1200 E 11th St, Austin, TX 78702');
    expect(text).toContain('Prepared by Ada Lovelace');
    expect(text).toContain('List price $300,000');
    // Each strategy's figures as the engine gives them for these inputs (the page's).
    const a = analyzeWhatIf(whatIf);
    const offers = maxOffers(whatIf, targets);
    for (const [name, key] of [
      ['Buy & Hold', 'buyHold'],
      ['BRRRR', 'brrrr'],
      ['Short-term Rental', 'shortTerm'],
    ] as const) {
      const line = text.split('\n').find((l) => l.trimStart().startsWith(name));
      expect(line).toBeDefined();
      expect(line).toContain(pdfText(formatMetric('cashOnCash', metricValue('cashOnCash', key, a, whatIf))));
      expect(line).toContain(pdfText(formatMetric('monthlyCashFlow', metricValue('monthlyCashFlow', key, a, whatIf))));
      const offer = offers[key];
      if (offer.kind === 'price') expect(line).toContain(formatCurrency(offer.price));
    }
    const flip = text.split('\n').find((l) => l.trimStart().startsWith("Fix'N'Flip"));
    expect(flip).toContain(formatCurrency(a.fixFlip.projectedProfit));
    // The projection: its chart's legend, and the sale year's profit and IRR.
    expect(text).toContain('Buy & Hold projection: value, loan balance and equity');
    expect(text).toMatch(/Property value\s+Loan balance\s+Equity/);
    const sale = yearOfSale(projectBuyHold(whatIf, DEFAULT_GROWTH), 10)!;
    expect(text).toContain(pdfText(`Sold after 10 years: ${formatCurrency(sale.totalProfit)} profit`) + ' on ');
    expect(text).toContain(`IRR ${formatRoi(sale.irrPercent)}`);
    // The comps and the inputs.
    expect(text).toContain('41 Elm St, Austin, TX 78702');
    expect(text).toContain('$287,500');
    expect(text).toContain('Aug 14, 2026');
    expect(text).toContain('Interest rate: 6.5%');
  });

  it("opens a shared link's analysis as a PDF without a sign-in; bad input changes nothing and says why", async () => {
    const ada = await signup(t.app);
    const link = json(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/shared-reports',
        headers: bearer(ada.token),
        payload: { ...body(), expiresInDays: 7 },
      }),
    ).data;
    const shared = await t.app.inject({
      method: 'GET',
      url: `/api/v1/shared-reports/${link.path.split('/').pop()}/analysis.pdf`,
    });
    expect(shared.statusCode).toBe(200);
    expect(pdfToText(shared.rawPayload)).toContain('1200 E 11th St, Austin, TX 78702');
    // The page it is downloaded from counted the view: the PDF does not count another.
    const views = await sql<{ views: number }>`select views from shared_reports where id = ${link._id}`.execute(t.db);
    expect(views.rows[0].views).toBe(0);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/analysis.pdf',
      headers: bearer(ada.token),
      payload: { ...body(), holdYears: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error.message).toMatch(/Hold years must be >= 1/);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/analysis.pdf', payload: body() })).statusCode).toBe(401);
  });

  it('writes what the standard fonts cannot as plain text', () => {
    expect(pdfText('−$5K → ∞')).toBe('-$5K -> infinite');
    expect(pdfText('Fix’N’Flip — 3 · 4')).toBe('Fix’N’Flip — 3 · 4');
  });
});
