import { isApiPath } from '../../../src/server/http/api-path';

describe('isApiPath', () => {
  it.each([
    ['/api', true],
    ['/api?x', true],
    ['/api/', true],
    ['/api/v1/x?y', true],
    ['/apix', false],
    ['/apix?y=/api/', false],
    ['/app', false],
    ['/', false],
  ])('%s → %s', (url, expected) => {
    expect(isApiPath(url)).toBe(expected);
  });
});
