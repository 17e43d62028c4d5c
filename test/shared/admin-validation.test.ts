import {
  trimValues,
  validateAccountForm,
  validateMarketForm,
  validateNamedItemForm,
  validateRateForm,
  validateUserForm,
  invalidIdMessage,
} from '../../src/shared/validation';
import { US_STATES } from '../../src/shared/us-states';

describe('admin user form', () => {
  const base = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    username: 'ada@example.com',
    password: 'long-enough',
    roleId: 'r1',
    active: false,
  };

  it('requires first name, last name, role and password on create, with trimmed values', () => {
    expect(validateUserForm({ accountType: 'existing' }, 'create')).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      username: 'Username/email is required',
      password: 'Password is required',
      roleId: 'Role is required',
      accountId: 'Account is required',
    });
    expect(validateUserForm({ ...base, firstName: '   ', accountType: 'existing', accountId: 'a1' }, 'create')).toEqual({
      firstName: 'First name is required',
    });
  });

  it('needs the new account name for a new account and the account id otherwise', () => {
    expect(validateUserForm({ ...base, accountType: 'new', accountId: '', accountName: ' ' }, 'create')).toEqual({
      accountName: 'New account name is required',
    });
    expect(validateUserForm({ ...base, accountType: 'new', accountName: 'Acme' }, 'create')).toEqual({});
    expect(validateUserForm({ ...base, accountType: 'existing', accountId: '' }, 'create')).toEqual({
      accountId: 'Account is required',
    });
  });

  it('does not need a password on edit', () => {
    const { password: _unused, ...edit } = base;
    expect(validateUserForm({ ...edit, accountType: 'existing', accountId: 'a1' }, 'edit')).toEqual({});
  });

  it('checks the username as an e-mail address', () => {
    expect(validateUserForm({ ...base, username: 'not-an-email', accountType: 'existing', accountId: 'a1' }, 'create')).toEqual({
      username: 'Username/email is not a valid email',
    });
  });
});

describe('other admin forms', () => {
  it('market needs city and a known state code', () => {
    expect(validateMarketForm({})).toEqual({ city: 'City is required', state: 'State is required' });
    expect(validateMarketForm({ city: 'Austin', state: 'ZZ' })).toEqual({
      state: 'State must be a US state or territory code',
    });
    expect(validateMarketForm({ city: ' Austin ', state: 'TX' })).toEqual({});
  });

  it('interest and strategy need name and description; account needs a name', () => {
    expect(validateNamedItemForm({ name: ' ', description: '' })).toEqual({
      name: 'Name is required',
      description: 'Description is required',
    });
    expect(validateAccountForm({ name: '' })).toEqual({ name: 'Name is required' });
    expect(validateAccountForm({ name: 'Acme' })).toEqual({});
  });

  it('trims every string value', () => {
    expect(trimValues({ a: ' x ', b: 3, c: true })).toEqual({ a: 'x', b: 3, c: true });
  });

  it('names the thing in the invalid id message', () => {
    expect(invalidIdMessage('market')).toBe('Invalid market ID provided');
  });
});

describe('US state list', () => {
  it('has the 50 states, DC and six territories by unique two-letter code', () => {
    expect(US_STATES).toHaveLength(57);
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(57);
    for (const code of ['DC', 'AS', 'GU', 'MP', 'PR', 'UM', 'VI']) {
      expect(US_STATES.some((s) => s.code === code)).toBe(true);
    }
  });
});

describe('validateRateForm', () => {
  const today = '2025-12-04';
  it('accepts a product, a rate and a past survey day', () => {
    expect(validateRateForm({ product: ' 30-Year Fixed ', rate: 6.26, asOf: '2025-11-20' }, today)).toEqual({});
    expect(validateRateForm({ product: '30-Year Fixed', rate: 30, asOf: today }, today)).toEqual({});
  });
  it('names each missing or wrong field', () => {
    expect(validateRateForm({ product: '  ', rate: null, asOf: null }, today)).toEqual({
      product: 'Product is required',
      rate: 'Rate is required',
      asOf: 'As of is required',
    });
    expect(validateRateForm({ product: 'X', rate: 0, asOf: '2025-12-05' }, today)).toEqual({
      rate: 'Rate must be a percentage above 0 and at most 30',
      asOf: 'As of cannot be in the future',
    });
    expect(validateRateForm({ product: 'X', rate: 30.5, asOf: 'Dec 4' }, today)).toEqual({
      rate: 'Rate must be a percentage above 0 and at most 30',
      asOf: 'As of must be a date (YYYY-MM-DD)',
    });
  });
});
