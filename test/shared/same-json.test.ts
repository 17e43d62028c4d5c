import { sameJson } from '../../src/shared/same-json';

describe('sameJson', () => {
  it('is equal whatever the order of the keys, at any depth', () => {
    expect(sameJson({ a: 1, b: { c: [1, { d: 2, e: 3 }] } }, { b: { c: [1, { e: 3, d: 2 }] }, a: 1 })).toBe(true);
    expect(sameJson({}, {})).toBe(true);
    expect(sameJson({ a: undefined }, {})).toBe(true);
  });

  it('tells values, missing keys, array order and types apart', () => {
    expect(sameJson({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson({ a: 1, b: undefined }, { a: 1, c: 2 })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson([1], { 0: 1 })).toBe(false);
    expect(sameJson({ a: null }, { a: {} })).toBe(false);
    expect(sameJson(1, '1')).toBe(false);
  });
});
