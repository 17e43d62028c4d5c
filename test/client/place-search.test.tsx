import { act, fireEvent, render, screen } from '@testing-library/react';
import { AUTOCOMPLETE_DEBOUNCE_MS } from '../../src/client/features/map/map-constants';

const fetchSuggestions = jest.fn();
jest.mock('@vis.gl/react-google-maps', () => {
  // One library object, as the real hook returns once loaded.
  const places = {
    AutocompleteSessionToken: class {},
    AutocompleteSuggestion: { fetchAutocompleteSuggestions: (...args: unknown[]) => fetchSuggestions(...args) },
  };
  return { useMapsLibrary: () => places };
});

// Imported after the mock.
import { optionValues, PlaceSearch, type PlaceOption } from '../../src/client/features/map/toolbar/place-search';

const prediction = (id: string, main: string, secondary: string) => ({
  placePrediction: {
    placeId: id,
    mainText: { text: main },
    secondaryText: { text: secondary },
    text: { text: `${main}, ${secondary}` },
  },
});

describe('the place search', () => {
  beforeEach(() => fetchSuggestions.mockReset());

  it('asks for suggestions 400 ms after typing stops: the two debounces run side by side, not one after the other', async () => {
    jest.useFakeTimers();
    try {
      fetchSuggestions.mockResolvedValue({ suggestions: [prediction('p1', 'Austin', 'TX, USA')] });
      render(<PlaceSearch onPlace={() => undefined} />);
      const box = screen.getByRole('combobox', { name: 'Search places' });
      fireEvent.change(box, { target: { value: 'Aus' } });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(AUTOCOMPLETE_DEBOUNCE_MS - 1);
      });
      expect(fetchSuggestions).not.toHaveBeenCalled();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1);
      });
      expect(fetchSuggestions).toHaveBeenCalledTimes(1);
      expect(fetchSuggestions.mock.calls[0][0]).toMatchObject({ input: 'Aus', includedRegionCodes: ['us'], language: 'en' });
    } finally {
      jest.useRealTimers();
    }
  });

  it('announces each suggestion by its text, never its place id', () => {
    const options = [
      { key: 'ChIJ-austin', label: 'Austin', secondaryText: 'TX, USA' },
      { key: 'ChIJ-austin-mn', label: 'Austin', secondaryText: 'MN, USA' },
      { key: 'ChIJ-other', label: 'Austin', secondaryText: 'TX, USA' },
    ] as PlaceOption[];
    expect(optionValues(options)).toEqual(['Austin, TX, USA', 'Austin, MN, USA', 'Austin, TX, USA (2)']);
  });
});
