import { Typography } from 'antd';
import { Link } from 'react-router-dom';

const { Title, Paragraph } = Typography;

const STRATEGIES = [
  {
    name: 'Buy & Hold',
    text: 'Buy a property, rent it out long term and let the tenants pay down the loan. Dealmap estimates the cash you need, your monthly expenses and net income, and your cash-on-cash return.',
  },
  {
    name: 'BRRRR',
    text: 'Buy, Rehab, Rent, Refinance, Repeat. We estimate the after-repair value, the rehab cost, a purchase loan at 70% of ARV and a refinance at 80% of ARV, so you can see how much cash comes back out at the refinance.',
  },
  {
    name: "Fix'N'Flip",
    text: 'Buy, renovate and sell. We project purchase, rehab and selling costs, the time it takes, the profit and your return on investment.',
  },
  {
    name: 'Short-term Rental',
    text: 'Furnish and rent by the night. We model peak, shoulder and off-season rates, occupancy, annual revenue and expenses, net operating income and cap rate.',
  },
];

export function AboutPage() {
  return (
    <article className="dm-prose">
      <Title level={2}>About Dealmap</Title>
      <Paragraph>
        Dealmap is a research tool for real-estate investors and the agents who work with them. It puts listed properties on a
        map, compares each asking price with comparable properties that sold nearby, and projects how the property would perform
        under four common investment strategies, so you can spend your time on the few listings worth a closer look.
      </Paragraph>

      <Title level={3}>How deal colours work</Title>
      <Paragraph>Every property marker is coloured by how its price sits against its sold comps:</Paragraph>
      <ul className="dm-legend-list">
        <li>
          <span className="dm-swatch" style={{ background: '#10b981' }} /> <strong>Good Deal</strong>: priced below every
          comparable sale.
        </li>
        <li>
          <span className="dm-swatch" style={{ background: '#ef4444' }} /> <strong>Overpriced</strong>: priced above every
          comparable sale. Consider negotiating.
        </li>
        <li>
          <span className="dm-swatch" style={{ background: '#06b6d4' }} /> <strong>Market Price</strong>: within the range of the
          comps, or no comps to compare with.
        </li>
      </ul>

      <Title level={3}>Four strategies</Title>
      {STRATEGIES.map((s) => (
        <section key={s.name}>
          <Title level={4}>{s.name}</Title>
          <Paragraph>{s.text}</Paragraph>
        </section>
      ))}
      <Paragraph type="secondary">
        Projections are best estimates from the listing data and common assumptions. They are not guaranteed and are not financial
        advice.
      </Paragraph>

      <Title level={3}>Who it is for</Title>
      <ul>
        <li>
          <strong>Investors</strong> choose the markets, interests and strategies they care about and research deals that fit
          their plan.
        </li>
        <li>
          <strong>Agents</strong> get everything investors get, plus a place for their contacts, to find deals for their clients.
        </li>
        <li>
          <strong>Administrators</strong> manage users, accounts, markets, interests and strategies.
        </li>
      </ul>
      <Paragraph>
        <Link to="/signup">Create your account</Link> or <Link to="/login">sign in</Link> to start.
      </Paragraph>
    </article>
  );
}

export default AboutPage;
