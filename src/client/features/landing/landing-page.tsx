import { useState, type FormEvent } from 'react';
import { useDocumentTitle } from '../../components/document-title';
import { Link, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { loginWithReturn, searchTarget, selectToken } from '../session';

export const PLACE_REQUIRED = 'Enter a city, state, or ZIP code to search';

/** The hero picture (public/images; index.html preloads it). */
const HERO_IMAGE = '/images/hero.svg';

const HIGHLIGHTS = [
  {
    title: 'See the deal at a glance',
    text: 'Every listing is compared with nearby sold comps and coloured green, red or cyan: good deal, overpriced or market price.',
  },
  {
    title: 'Four strategies, one click',
    text: 'Buy & Hold, BRRRR, Fix\u2019N\u2019Flip and Short-term Rental projections for each property, with the numbers behind them.',
  },
  {
    title: 'Built around your plan',
    text: 'Pick the markets, interests and strategies you care about and Dealmap shows what matters to you.',
  },
];

export function LandingPage() {
  useDocumentTitle(null);
  const [place, setPlace] = useState('');
  const [hint, setHint] = useState<string | null>(null);
  const token = useAppSelector(selectToken);
  const navigate = useNavigate();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!place.trim()) {
      setHint(PLACE_REQUIRED);
      return;
    }
    const target = searchTarget(place);
    void navigate(token ? target : loginWithReturn(target));
  };

  return (
    <>
      <section className="dm-hero">
        {/* An <img> (preloaded in index.html) rather than a CSS background, so the browser finds it early. */}
        <img className="dm-hero-image" src={HERO_IMAGE} alt="" width={1600} height={900} fetchPriority="high" decoding="async" />
        <div className="dm-hero-shade" />
        <div className="dm-hero-content">
          <h1 className="dm-hero-tagline">Your Home. Your Wealth. Your Future.</h1>
          <p className="dm-hero-sub">Find investment properties priced below their comps, anywhere in the US.</p>
          <form className="dm-hero-search" onSubmit={onSubmit} role="search" noValidate>
            <label htmlFor="dm-hero-place" className="dm-visually-hidden">
              Place
            </label>
            <input
              id="dm-hero-place"
              className={`dm-input dm-input-large${hint ? ' dm-input-error' : ''}`}
              type="text"
              placeholder="Enter city, state, or ZIP code"
              value={place}
              aria-invalid={hint ? true : undefined}
              aria-describedby={hint ? 'dm-hero-hint' : undefined}
              onChange={(e) => {
                setPlace(e.target.value);
                if (hint) setHint(null);
              }}
            />
            <button type="submit" className="dm-button dm-button-primary dm-button-large">
              Search
            </button>
          </form>
          {hint ? (
            <p id="dm-hero-hint" className="dm-hero-hint" role="alert">
              {hint}
            </p>
          ) : null}
        </div>
      </section>
      <section className="dm-highlights" aria-label="Why Dealmap">
        {HIGHLIGHTS.map((item) => (
          <article key={item.title} className="dm-highlight">
            <h2 className="dm-title">{item.title}</h2>
            <p className="dm-paragraph">{item.text}</p>
          </article>
        ))}
      </section>
      <section className="dm-landing-cta">
        <h2 className="dm-title">Ready to find your next deal?</h2>
        <Link to="/signup" className="dm-cta-link">
          Create a free account
        </Link>
        <p className="dm-paragraph">
          <Link to="/details">How Dealmap works</Link>
        </p>
      </section>
    </>
  );
}

export default LandingPage;
