import { cameraFromParams, placeFromParams } from '../../src/client/features/map/camera-params';
import { DEFAULT_CENTER, DEFAULT_ZOOM } from '../../src/client/features/map/map-constants';

describe('search page URL', () => {
  it('centres on lat/lng with the given or default zoom', () => {
    expect(cameraFromParams(new URLSearchParams('lat=32.7767&lng=-96.797&zoom=14'))).toEqual({
      center: { lat: 32.7767, lng: -96.797 },
      zoom: 14,
      fromUrl: true,
    });
    expect(cameraFromParams(new URLSearchParams('lat=32.7&lng=-96.7')).zoom).toBe(18);
    expect(cameraFromParams(new URLSearchParams('lat=32.7&lng=-96.7&zoom=99')).zoom).toBe(18);
  });

  it('falls back to the Austin default for missing or bad coordinates', () => {
    for (const query of ['', 'lat=abc&lng=1', 'lat=95&lng=1', 'lat=1&lng=-200', 'lat=&lng=']) {
      expect(cameraFromParams(new URLSearchParams(query))).toEqual({
        center: DEFAULT_CENTER,
        zoom: DEFAULT_ZOOM,
        fromUrl: false,
      });
    }
    expect(DEFAULT_CENTER).toEqual({ lat: 30.2672, lng: -97.7431 });
    expect(DEFAULT_ZOOM).toBe(18);
  });

  it('reads the landing page place text', () => {
    expect(placeFromParams(new URLSearchParams('place=%20Austin%2C%20TX%20'))).toBe('Austin, TX');
    expect(placeFromParams(new URLSearchParams(''))).toBe('');
  });
});
