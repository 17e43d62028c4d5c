import { isAdmin, isAgent, normalizeRole } from '../../src/shared/roles';

describe('roles', () => {
  it('keeps the three known roles', () => {
    expect(normalizeRole('Admin')).toBe('Admin');
    expect(normalizeRole('Agent')).toBe('Agent');
    expect(normalizeRole('Investor')).toBe('Investor');
  });

  it('treats an unknown or missing role as Investor', () => {
    expect(normalizeRole('Owner')).toBe('Investor');
    expect(normalizeRole(undefined)).toBe('Investor');
    expect(normalizeRole(null)).toBe('Investor');
    expect(isAdmin('admin')).toBe(false);
    expect(isAgent('Agent')).toBe(true);
  });
});
