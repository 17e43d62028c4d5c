import { Button, Input, Typography } from 'antd';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { loginWithReturn, searchTarget, selectToken } from '../session';

export const PLACE_REQUIRED = 'Enter a city, state, or ZIP code to search';

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
      <section className="dm-hero" style={{ backgroundImage: 'url(/images/hero.svg)' }}>
        <div className="dm-hero-shade" />
        <div className="dm-hero-content">
          <h1 className="dm-hero-tagline">Your Home. Your Wealth. Your Future.</h1>
          <p className="dm-hero-sub">Find investment properties priced below their comps, anywhere in the US.</p>
          <form className="dm-hero-search" onSubmit={onSubmit} role="search" noValidate>
            <label htmlFor="dm-hero-place" className="dm-visually-hidden">
              Place
            </label>
            <Input
              id="dm-hero-place"
              size="large"
              placeholder="Enter city, state, or ZIP code"
              value={place}
              status={hint ? 'error' : undefined}
              aria-invalid={hint ? true : undefined}
              aria-describedby={hint ? 'dm-hero-hint' : undefined}
              onChange={(e) => {
                setPlace(e.target.value);
                if (hint) setHint(null);
              }}
            />
            <Button type="primary" size="large" htmlType="submit">
              Search
            </Button>
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
            <Typography.Title level={3}>{item.title}</Typography.Title>
            <Typography.Paragraph>{item.text}</Typography.Paragraph>
          </article>
        ))}
      </section>
      <section className="dm-landing-cta">
        <Typography.Title level={3}>Ready to find your next deal?</Typography.Title>
        <Link to="/signup" className="dm-cta-link">
          Create a free account
        </Link>
      </section>
    </>
  );
}

export default LandingPage;
