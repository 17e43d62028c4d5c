import { breakpointFor } from '../../src/client/constants';
import { returnTarget, searchTarget, loginWithReturn } from '../../src/client/features/session/return-target';
import { mailtoLink } from '../../src/client/app/shell/radial-menu/radial-actions';
import { ENTRY_SIZE, radialOffset } from '../../src/client/app/shell/radial-menu/radial-geometry';
import { monthlyPayment, roundCents } from '../../src/shared/invest/mortgage';

describe('mortgage', () => {
  it('uses the amortization formula', () => {
    expect(roundCents(monthlyPayment(200_000, 6.5, 360))).toBe(1264.14);
  });
  it('divides evenly at 0 %', () => {
    expect(monthlyPayment(120_000, 0, 120)).toBe(1000);
  });
  it('gives 0 for nonsense', () => {
    expect(monthlyPayment(0, 5, 360)).toBe(0);
    expect(monthlyPayment(100, 5, 0)).toBe(0);
  });
});

describe('login return target', () => {
  it('defaults and sends `/` to /app', () => {
    expect(returnTarget(null)).toBe('/app');
    expect(returnTarget('/')).toBe('/app');
  });
  it('accepts same-origin paths only', () => {
    expect(returnTarget('/app/search?place=Austin')).toBe('/app/search?place=Austin');
    expect(returnTarget('https://evil.example')).toBe('/app');
    expect(returnTarget('//evil.example')).toBe('/app');
  });
  it('builds the landing search targets', () => {
    expect(searchTarget(' Austin, TX ')).toBe('/app/search?place=Austin%2C%20TX');
    expect(loginWithReturn('/app/search?place=Austin')).toBe('/login?from=%2Fapp%2Fsearch%3Fplace%3DAustin');
  });
});

describe('layout helpers', () => {
  it('names breakpoints', () => {
    expect([639, 640, 768, 1024, 1280, 1536].map(breakpointFor)).toEqual(['xs', 'sm', 'md', 'lg', 'xl', '2xl']);
  });
  it('fans eight entries without overlap', () => {
    const points = Array.from({ length: 8 }, (_, i) => radialOffset(i));
    for (let i = 0; i < 8; i += 1)
      for (let j = i + 1; j < 8; j += 1)
        expect(Math.hypot(points[i].x - points[j].x, points[i].y - points[j].y)).toBeGreaterThan(ENTRY_SIZE);
    points.forEach((p) => expect(p.x <= 0 && p.y <= 0).toBe(true));
  });
  it('prefills the email link', () => {
    const link = mailtoLink('http://localhost/app/search?place=Austin', 'Dealmap');
    expect(link.startsWith('mailto:?subject=')).toBe(true);
    expect(decodeURIComponent(link)).toContain('http://localhost/app/search?place=Austin');
  });
});
