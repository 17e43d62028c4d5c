import { Button, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../components/document-title';
import { DEAL_COLORS } from '../../../shared/deal-status';

const { Title, Paragraph } = Typography;

/** The four strategies as the product computes them, with what each tab shows. */
export const STRATEGY_DETAILS = [
  {
    name: 'Buy & Hold',
    text: 'Buy a property, rent it out long term and let the tenants pay down the loan.',
    shows: 'Total cash needed, monthly expenses and net income, total costs and cash-on-cash return.',
  },
  {
    name: 'BRRRR',
    text: 'Buy, Rehab, Rent, Refinance, Repeat: a purchase loan at 70% of the after-repair value (ARV), a refinance at 80% of it.',
    shows: 'Cash needed, cash back at the refinance, the money left in the property, monthly net income and cash-on-cash return.',
  },
  {
    name: "Fix'N'Flip",
    text: 'Buy, renovate and sell.',
    shows: 'Purchase, rehab and selling costs, the months it takes, projected profit, return on investment and cash-on-cash.',
  },
  {
    name: 'Short-term Rental',
    text: 'Furnish and rent by the night.',
    shows:
      'Peak, shoulder and off-season rates, occupancy, gross revenue, expenses, net operating income, cap rate and cash-on-cash.',
  },
] as const;

/** GET /details (public): what Dealmap does, step by step, the four strategies and how deal colours are decided. */
export function DetailsPage() {
  useDocumentTitle('How Dealmap works');
  return (
    <article className="dm-prose">
      <Title level={2}>How Dealmap works</Title>
      <ol className="dm-steps">
        <li>
          <strong>Search the map.</strong> Type a city, a ZIP or an address; every listed property in view is on the map and in a
          list you can sort by price, price per square foot, deal or cash-on-cash return, and filter by price, beds, baths, deal
          and a strategy’s minimum return. Zoomed out, the map shows how many properties each area holds and their mix of deals.
        </li>
        <li>
          <strong>Compare with what sold.</strong> Each property is compared with properties like it that sold nearby in the last
          year (its comps): how many, their price range, and where the asking price sits among them.
        </li>
        <li>
          <strong>Read four projections.</strong> For every property, Dealmap runs the four strategies below at the latest 30-year
          mortgage rate, and shows them ranked on its page, where you can change any figure and see the result at once, save the
          calculation and come back to it.
        </li>
      </ol>

      <Title level={3}>How deal colours are decided</Title>
      <Paragraph>A property’s marker and label come from its asking price against the sold prices of its comps:</Paragraph>
      <ul className="dm-legend-list">
        <li>
          <span className="dm-swatch" style={{ background: DEAL_COLORS.goodDeal }} /> <strong>Good Deal</strong>: asking less than
          every comp sold for.
        </li>
        <li>
          <span className="dm-swatch" style={{ background: DEAL_COLORS.overpriced }} /> <strong>Overpriced</strong>: asking more
          than every comp sold for; consider negotiating.
        </li>
        <li>
          <span className="dm-swatch" style={{ background: DEAL_COLORS.marketPrice }} /> <strong>Market Price</strong>: within the
          comps’ range, or no comps to compare with.
        </li>
      </ul>
      <Paragraph>
        The property page also says how far to trust the colour: how many comps there are, how far apart their prices are and how
        recent the newest sale is.
      </Paragraph>

      <Title level={3}>The four strategies</Title>
      {STRATEGY_DETAILS.map((s) => (
        <section key={s.name}>
          <Title level={4}>{s.name}</Title>
          <Paragraph>
            {s.text} <span className="dm-detail-shows">Shows: {s.shows}</span>
          </Paragraph>
        </section>
      ))}
      <Paragraph type="secondary">
        Projections are best estimates from the listing data and common assumptions. They are not guaranteed and are not financial
        advice.
      </Paragraph>

      <div className="dm-cta">
        <Link to="/signup">
          <Button type="primary" size="large">
            Create your free account
          </Button>
        </Link>
        <p className="dm-details-sign-in">
          Already have one? <Link to="/login">Sign in</Link>
        </p>
      </div>
    </article>
  );
}

export default DetailsPage;
