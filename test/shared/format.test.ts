import { personName } from '../../src/shared/format';

describe('personName', () => {
  it('is the full name, or the email of a user without one', () => {
    expect(personName({ firstName: 'Ada', lastName: 'Lovelace', username: 'ada@x.test' })).toBe('Ada Lovelace');
    expect(personName({ firstName: ' Ada ', lastName: '', username: 'ada@x.test' })).toBe('Ada');
    expect(personName({ firstName: '', lastName: '', username: 'new@x.test' })).toBe('new@x.test');
    expect(personName({ firstName: null, lastName: null, username: 'new@x.test' })).toBe('new@x.test');
  });
});
