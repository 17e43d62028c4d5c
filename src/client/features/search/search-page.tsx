import { Button, Input, Typography } from 'antd';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageTitle } from '../../components/page-title';

export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const place = (params.get('place') ?? '').trim();
  const [text, setText] = useState(place);

  useEffect(() => setText(place), [place]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = text.trim();
    setParams(next ? { place: next } : {});
  };

  return (
    <>
      <PageTitle>Search</PageTitle>
      <form className="dm-inline-search" onSubmit={onSubmit} role="search">
        <label htmlFor="dm-search-place" className="dm-visually-hidden">
          Place
        </label>
        <Input
          id="dm-search-place"
          placeholder="Enter city, state, or ZIP code"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="primary" htmlType="submit">
          Search
        </Button>
      </form>
      {place ? (
        <Typography.Paragraph className="dm-lead" data-testid="search-place">
          Searching near {place}
        </Typography.Paragraph>
      ) : (
        <Typography.Paragraph type="secondary">Enter a place to start searching.</Typography.Paragraph>
      )}
      <Typography.Paragraph type="secondary">
        The property map with deal colours and comps arrives in a coming update.
      </Typography.Paragraph>
    </>
  );
}

export default SearchPage;
