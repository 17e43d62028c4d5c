import { parsePlaceQuery, PLACE_MESSAGES } from '../../src/shared/place-query';

describe('parsePlaceQuery', () => {
  it('reads a ZIP, a city, and a city with its state by code or by name', () => {
    expect(parsePlaceQuery('78701')).toEqual({ kind: 'zip', zip: '78701' });
    expect(parsePlaceQuery(' 78701-1234 ')).toEqual({ kind: 'zip', zip: '78701' });
    expect(parsePlaceQuery('Austin')).toEqual({ kind: 'city', city: 'Austin' });
    expect(parsePlaceQuery('Austin, TX')).toEqual({ kind: 'city', city: 'Austin', state: 'TX' });
    expect(parsePlaceQuery('austin tx')).toEqual({ kind: 'city', city: 'austin', state: 'TX' });
    expect(parsePlaceQuery('Salt Lake City Utah')).toEqual({ kind: 'city', city: 'Salt Lake City', state: 'UT' });
    expect(parsePlaceQuery('Charlotte, North Carolina')).toEqual({ kind: 'city', city: 'Charlotte', state: 'NC' });
    expect(parsePlaceQuery('Kansas City, MO')).toEqual({ kind: 'city', city: 'Kansas City', state: 'MO' });
  });

  it('keeps names that only look like states as cities', () => {
    expect(parsePlaceQuery('Kansas City')).toEqual({ kind: 'city', city: 'Kansas City' });
    expect(parsePlaceQuery('New York')).toEqual({ kind: 'city', city: 'New York' });
    expect(parsePlaceQuery('Washington')).toEqual({ kind: 'city', city: 'Washington' });
    expect(parsePlaceQuery('Oklahoma City')).toEqual({ kind: 'city', city: 'Oklahoma City' });
    expect(parsePlaceQuery('1234')).toEqual({ kind: 'city', city: '1234' });
  });

  it('refuses empty and overlong text', () => {
    expect(parsePlaceQuery('  ')).toEqual({ problem: PLACE_MESSAGES.empty });
    expect(parsePlaceQuery('a'.repeat(101))).toEqual({ problem: PLACE_MESSAGES.tooLong });
  });
});
