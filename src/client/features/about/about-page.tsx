import { Typography } from 'antd';
import { useDocumentTitle } from '../../components/document-title';
import { Link } from 'react-router-dom';

const { Title, Paragraph } = Typography;

export function AboutPage() {
  useDocumentTitle('About');
  return (
    <article className="dm-prose">
      <Title level={2}>About Dealmap</Title>
      <Paragraph>
        Dealmap is a research tool for real-estate investors and the agents who work with them. It puts listed properties on a
        map, compares each asking price with comparable properties that sold nearby, and projects how the property would perform
        under four common investment strategies, so you can spend your time on the few listings worth a closer look.
      </Paragraph>

      <Paragraph>
        <Link to="/details">How Dealmap works</Link>: searching the map, comparing with what sold, the four strategies and how
        deal colours are decided.
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
