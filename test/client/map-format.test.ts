import {
  formatAddress,
  formatBaths,
  formatCashOnCash,
  formatCurrency,
  formatMonths,
  formatOccupancy,
  formatRoi,
  formatSquareFeet,
  titleCase,
} from '../../src/shared/format';

describe('display formats', () => {
  it('formats USD in en-US', () => {
    expect(formatCurrency(1234567)).toBe('$1,234,567');
    expect(formatCurrency(-2500.4)).toBe('-$2,500');
    expect(formatCurrency(12.5, 2)).toBe('$12.50');
    expect(formatCurrency(null)).toBe('—');
  });

  it('formats ROI with 2 decimals, occupancy and months with 1', () => {
    expect(formatRoi(8.456)).toBe('8.46%');
    expect(formatRoi(-3.1)).toBe('-3.10%');
    expect(formatOccupancy(72.34)).toBe('72.3%');
    expect(formatMonths(5)).toBe('5.0 months');
    expect(formatMonths(4.25)).toBe('4.3 months');
  });

  it('shows an infinite cash-on-cash return as ∞', () => {
    expect(formatCashOnCash(null, true)).toBe('∞');
    expect(formatCashOnCash(null, false)).toBe('—');
    expect(formatCashOnCash(12.345, false)).toBe('12.35%');
  });

  it('shows baths with one decimal when more than 1, else an integer', () => {
    expect(formatBaths(2.5)).toBe('2.5');
    expect(formatBaths(3)).toBe('3.0');
    expect(formatBaths(1)).toBe('1');
    expect(formatBaths(0)).toBe('0');
  });

  it('formats square feet', () => {
    expect(formatSquareFeet(1850)).toBe('1,850 sq ft');
  });
});

describe('address title-casing', () => {
  it('title-cases street and city and upper-cases the state', () => {
    expect(
      formatAddress({
        PropertyAddressFull: '1234 OLD AUSTIN-BASTROP HWY',
        PropertyAddressCity: 'ROUND ROCK',
        PropertyAddressState: 'tx',
        PropertyAddressZIP: '78701',
      }),
    ).toBe('1234 Old Austin-Bastrop Hwy, Round Rock, TX 78701');
  });

  it('keeps ordinals lower, unit letters and directionals upper', () => {
    expect(titleCase('501 w 12TH st apt 4b')).toBe('501 W 12th St Apt 4B');
    expect(titleCase("88 ne o'neil   ave")).toBe("88 NE O'Neil Ave");
  });

  it('leaves out empty parts', () => {
    expect(formatAddress({ PropertyAddressFull: 'main st', PropertyAddressCity: '', PropertyAddressState: 'TX' })).toBe(
      'Main St, TX',
    );
  });
});
