import {
  DEFAULT_SETTINGS,
  settingsFromParams,
  withCamera,
  withSettings,
} from '../../src/client/features/map/toolbar/search-settings';

describe('the search settings in the URL', () => {
  it('round-trips filters and sort, keeping the camera and the place', () => {
    const settings = {
      filters: {
        minPrice: 100_000,
        maxPrice: 400_000,
        minBeds: 3,
        minBaths: 2,
        deal: ['Good Deal' as const],
        strategy: 'brrrr' as const,
        minCoc: 8,
      },
      sort: 'coc' as const,
      order: 'desc' as const,
    };
    const params = withSettings(new URLSearchParams('lat=30.2&lng=-97.7&zoom=13&place=Austin'), settings);
    expect(params.get('lat')).toBe('30.2');
    expect(params.get('place')).toBe('Austin');
    expect(params.get('deal')).toBe('good');
    expect(settingsFromParams(new URLSearchParams(params.toString()))).toEqual(settings);
  });

  it('keeps the returns heat map in the URL as layer=returns, beside the filters', () => {
    const params = withSettings(new URLSearchParams('zoom=9&minBeds=2'), { ...DEFAULT_SETTINGS, returns: true });
    expect(params.toString()).toBe('zoom=9&layer=returns');
    expect(settingsFromParams(params)).toEqual({ ...DEFAULT_SETTINGS, returns: true });
    expect(withSettings(params, DEFAULT_SETTINGS).toString()).toBe('zoom=9');
    expect(settingsFromParams(new URLSearchParams('layer=deals')).returns).toBeUndefined();
  });

  it('keeps the pipeline layer as layer=pipeline; the returns heat map wins when both are set', () => {
    const params = withSettings(new URLSearchParams('zoom=9'), { ...DEFAULT_SETTINGS, pipeline: true });
    expect(params.toString()).toBe('zoom=9&layer=pipeline');
    expect(settingsFromParams(params)).toEqual({ ...DEFAULT_SETTINGS, pipeline: true });
    expect(withSettings(params, { ...DEFAULT_SETTINGS, pipeline: true, returns: true }).toString()).toBe('zoom=9&layer=returns');
    expect(settingsFromParams(new URLSearchParams('layer=deals')).pipeline).toBeUndefined();
  });

  it('writes nothing for the defaults and reads the defaults from nothing', () => {
    expect(withSettings(new URLSearchParams('zoom=12'), DEFAULT_SETTINGS).toString()).toBe('zoom=12');
    expect(settingsFromParams(new URLSearchParams())).toEqual(DEFAULT_SETTINGS);
  });

  it('clears the filters a reset drops', () => {
    const params = withSettings(new URLSearchParams('minBeds=3&deal=over&sort=deal&order=desc&lat=1&lng=2'), DEFAULT_SETTINGS);
    expect(params.toString()).toBe('lat=1&lng=2');
  });

  it('drops each value the rules refuse, keeping the others', () => {
    const s = settingsFromParams(
      new URLSearchParams('minPrice=abc&maxPrice=500000&minBeds=99&deal=good,nope&strategy=flip&minCoc=5&sort=size&order=up'),
    );
    expect(s).toEqual({ filters: { maxPrice: 500_000 }, sort: 'price', order: 'asc' });
    // minCoc without a usable strategy is dropped; with one it is kept.
    expect(settingsFromParams(new URLSearchParams('strategy=fixFlip&minCoc=12')).filters).toEqual({
      strategy: 'fixFlip',
      minCoc: 12,
    });
    // A maximum below the minimum: the maximum goes.
    expect(settingsFromParams(new URLSearchParams('minPrice=500000&maxPrice=100000')).filters).toEqual({ minPrice: 500_000 });
    expect(settingsFromParams(new URLSearchParams('minDays=90&maxDays=30')).filters).toEqual({ minDays: 90 });
    // Days on market and the cut: each bad value goes alone.
    expect(settingsFromParams(new URLSearchParams('minDays=-1&maxDays=30&cut=0')).filters).toEqual({ maxDays: 30 });
    expect(settingsFromParams(new URLSearchParams('minDays=2.5&cut=any')).filters).toEqual({ minCut: 0 });
  });

  it('writes the camera to about a metre', () => {
    const params = withCamera(new URLSearchParams('minBeds=2'), { lat: 30.267212345, lng: -97.743198765 }, 13.456);
    expect(params.toString()).toBe('minBeds=2&lat=30.26721&lng=-97.7432&zoom=13.46');
  });
});
