import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { documentTitle } from '../../src/client/components/document-title';
import { PageTitle } from '../../src/client/components/page-title';
import { DetailsPage } from '../../src/client/features/details/details-page';

describe('document titles', () => {
  it('name the page, then the product', () => {
    expect(documentTitle('Search')).toBe('Search — Dealmap');
    expect(documentTitle('123 Main St, Austin, TX 78701')).toBe('123 Main St, Austin, TX 78701 — Dealmap');
    expect(documentTitle(null)).toBe('Dealmap');
  });

  it("a page's heading sets the tab's title", () => {
    render(<PageTitle>Dashboard</PageTitle>);
    expect(document.title).toBe('Dashboard — Dealmap');
  });
});

describe('the details page', () => {
  it('says what Dealmap does, the four strategies and the deal colours, and asks the visitor to sign up', () => {
    render(
      <MemoryRouter>
        <DetailsPage />
      </MemoryRouter>,
    );
    expect(document.title).toBe('How Dealmap works — Dealmap');
    expect(screen.getByRole('heading', { name: 'How Dealmap works', level: 2 })).toBeInTheDocument();
    for (const name of ['Buy & Hold', 'BRRRR', "Fix'N'Flip", 'Short-term Rental']) {
      expect(screen.getByRole('heading', { name, level: 4 })).toBeInTheDocument();
    }
    for (const label of ['Good Deal', 'Overpriced', 'Market Price']) expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your free account' })).toHaveAttribute('href', '/signup');
  });
});
