/** The alert e-mail's text and headers, the unsubscribe token, and the digest hour (no database). */
import { randomUUID } from 'node:crypto';
import { buildAlertMail, propertyLink, type MailSearch } from '../../../../src/server/modules/alerts/delivery/alert-mail';
import { latestDigestTime } from '../../../../src/server/modules/alerts/delivery/delivery';
import {
  MAX_SEARCHES_PER_TOKEN,
  readUnsubscribeToken,
  signUnsubscribeToken,
} from '../../../../src/server/modules/alerts/unsubscribe/unsubscribe-token';
import { UnsubscribeBody } from '../../../../src/shared/schemas/alerts';

const SECRET = 'test-secret-0123456789';

describe('unsubscribe token', () => {
  it('names the searches it was signed for, and nothing when forged, changed or cut short', () => {
    const ids = [randomUUID(), randomUUID()];
    const token = signUnsubscribeToken(SECRET, ids);
    expect(readUnsubscribeToken(SECRET, token)).toEqual(ids);
    expect(readUnsubscribeToken('another secret', token)).toBeNull();
    expect(readUnsubscribeToken(SECRET, token.slice(0, -1))).toBeNull();
    expect(readUnsubscribeToken(SECRET, `${token}AA`)).toBeNull();
    // One search swapped for another, keeping the signature.
    const bytes = Buffer.from(token, 'base64url');
    bytes[1] ^= 1;
    expect(readUnsubscribeToken(SECRET, bytes.toString('base64url'))).toBeNull();
    for (const junk of ['', 'x', 'not a token!', '%00', 'A'.repeat(500)]) expect(readUnsubscribeToken(SECRET, junk)).toBeNull();
  });

  it('fits the unsubscribe body and a mail header line with the most searches an e-mail carries', () => {
    const ids = Array.from({ length: MAX_SEARCHES_PER_TOKEN }, () => randomUUID());
    const token = signUnsubscribeToken(SECRET, ids);
    expect(token.length).toBeLessThanOrEqual(UnsubscribeBody.properties.token.maxLength!);
    expect(readUnsubscribeToken(SECRET, token)).toEqual(ids);
    expect(() => signUnsubscribeToken(SECRET, [...ids, randomUUID()])).toThrow(/1 to 20/);
    expect(() => signUnsubscribeToken(SECRET, [])).toThrow();
  });
});

describe('alert e-mail', () => {
  const search = (over: Partial<MailSearch> = {}): MailSearch => ({
    id: randomUUID(),
    name: 'Austin flips',
    strategy: 'buyHold',
    minCoc: 8,
    more: 0,
    unsubscribeToken: 'tok-one',
    matches: [
      {
        propertyId: 'p1',
        address: '1 Oak St, Austin, TX 78704',
        latitude: 30.25,
        longitude: -97.75,
        reason: 'price_cut',
        price: 285_000,
        previousPrice: 300_000,
        cashOnCash: 8.456,
        cashOnCashInfinite: false,
      },
      {
        propertyId: 'p2',
        address: '2 Elm St, Austin, TX 78704',
        latitude: 30.26,
        longitude: -97.76,
        reason: 'now_pays',
        price: 250_000,
        previousPrice: null,
        cashOnCash: null,
        cashOnCashInfinite: true,
      },
    ],
    ...over,
  });

  it('lists each match with its reason, prices, cash-on-cash and link, and carries the RFC 8058 headers', () => {
    const mail = buildAlertMail({
      to: 'investor@example.com',
      kind: 'instant',
      searches: [search({ more: 3 })],
      unsubscribeToken: 'tok-all',
      publicUrl: 'https://dealmap.test',
    });
    expect(mail.subject).toBe('Dealmap: 5 new matches for "Austin flips"');
    expect(mail.text).toContain('Price cut from $300,000 to $285,000');
    expect(mail.text).toContain('Buy & Hold cash-on-cash: 8.46%');
    expect(mail.text).toContain('Now pays 8.00% cash-on-cash or more');
    expect(mail.text).toContain('Buy & Hold cash-on-cash: ∞ (no cash left in the deal)');
    expect(mail.text).toContain('And 3 more matches: see your notifications in Dealmap.');
    expect(mail.text).toContain(propertyLink('https://dealmap.test', { propertyId: 'p1', latitude: 30.25, longitude: -97.75 }));
    expect(mail.text).toContain('https://dealmap.test/unsubscribe?token=tok-one');
    expect(mail.html).toContain('href="https://dealmap.test/unsubscribe?token=tok-one"');
    expect(mail.html).toContain('Buy &#38; Hold');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://dealmap.test/api/v1/alerts/unsubscribe?token=tok-all>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('says how many matches of how many searches a digest has, and escapes what users typed', () => {
    const mail = buildAlertMail({
      to: 'investor@example.com',
      kind: 'daily',
      searches: [search({ name: '<b>Mine</b>' }), search({ name: 'Other', strategy: null, minCoc: null })],
      unsubscribeToken: 'tok-all',
      publicUrl: 'https://dealmap.test',
    });
    expect(mail.subject).toBe('Dealmap daily digest: 4 new matches for your saved searches');
    expect(mail.html).toContain('&#60;b&#62;Mine&#60;/b&#62;');
    expect(mail.html).not.toContain('<b>Mine');
    // No strategy: no cash-on-cash line.
    expect(mail.text.split('Other (2 matches)')[1]).not.toContain('cash-on-cash:');
  });
});

describe('the digest hour', () => {
  it('is the latest ALERT_DIGEST_HOUR:00 of the server time zone at or before now', () => {
    const at = (d: number, h: number, m = 0) => new Date(2030, 0, d, h, m);
    expect(latestDigestTime(at(10, 6, 59), 7)).toEqual(at(9, 7));
    expect(latestDigestTime(at(10, 7, 0), 7)).toEqual(at(10, 7));
    expect(latestDigestTime(at(10, 23, 0), 7)).toEqual(at(10, 7));
    expect(latestDigestTime(at(1, 0, 30), 0)).toEqual(at(1, 0));
  });
});
