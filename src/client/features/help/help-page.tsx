import { Typography } from 'antd';
import { Link } from 'react-router-dom';
import { PageTitle } from '../../components/page-title';
import { CLUSTER_MAX_ZOOM } from '../../constants';
import { DEAL_TEXT, LEGEND_ENTRIES } from '../deal';
import './help.css';
import { StrategyFigures } from './strategy-figures';

const { Paragraph, Title } = Typography;

function MapHelp() {
  return (
    <>
      <Paragraph>
        Open <Link to="/app/search">the map</Link> and type a city, address or ZIP code in the search box at the top-left (places
        in the US). Choosing a suggestion moves the map to it, and the search is kept under Recent searches on your dashboard, one
        click from the map. Drag and zoom as on any map: the properties of the area you look at load as you move.
      </Paragraph>
      <Paragraph>
        Zoomed out, nearby properties gather in numbered circles: red when a circle holds more than most (more than 10 and more
        than the average circle), blue otherwise. Click a circle to zoom in to it; past zoom {CLUSTER_MAX_ZOOM} every property has
        its own marker.
      </Paragraph>
      <Paragraph>
        Click a marker to open its popup: the address, the deal label and an <strong>{DEAL_TEXT.exploreProperty}</strong> link to
        the property&apos;s page. Its tabs are <strong>Property</strong> (price, beds, baths, size, description),{' '}
        <strong>Comps</strong> (the comparable sold properties: how many, their average price and range, where this price sits
        between the lowest and the highest, and the top five by sold price) and one tab per strategy on your{' '}
        <Link to="/app/profile/strategies">profile</Link> that the property has results for.
      </Paragraph>
    </>
  );
}

function DealColours() {
  return (
    <>
      <Paragraph>
        The legend at the top-right of the map, <strong>{DEAL_TEXT.legendTitle}</strong>, colours each marker by how the asking
        price sits against its comparable sold properties (comps):
      </Paragraph>
      <ul className="dm-legend-list">
        {LEGEND_ENTRIES.map((entry) => (
          <li key={entry.label}>
            <span className="dm-swatch" style={{ background: entry.color }} aria-hidden="true" /> <strong>{entry.label}</strong>:{' '}
            {entry.meaning}.
          </li>
        ))}
      </ul>
      <Paragraph>
        A Good Deal is priced below every comp&apos;s sold price (the Comps tab says “{DEAL_TEXT.below}”); an Overpriced property
        is priced above every one (“{DEAL_TEXT.above}”). Anything in between, and a property without comps, is at Market Price.
      </Paragraph>
    </>
  );
}

const TOPICS = [
  { id: 'map', title: 'Using the map', body: <MapHelp /> },
  { id: 'colours', title: 'What the deal colours mean', body: <DealColours /> },
  { id: 'figures', title: 'What the strategy figures mean', body: <StrategyFigures /> },
  {
    id: 'dashboard',
    title: 'Your dashboard',
    body: (
      <Paragraph>
        The <Link to="/app">dashboard</Link> lists your recent searches (click one to return the map to it), the latest mortgage
        rates the projections use, and your saved calculations: open one to see it on its property&apos;s page with what has
        changed since (price, rate, comps), rename it or delete it. To save one, change the what-if figures on a property&apos;s
        page and choose <strong>Save calculation</strong>.
      </Paragraph>
    ),
  },
  {
    id: 'profile',
    title: 'Markets, interests, strategies and experience',
    body: (
      <Paragraph>
        On your <Link to="/app/profile">profile</Link>, tick the markets you invest in, your interests and your strategies, and
        pick your level of experience; each screen has its own Save button. The strategies decide which projections (Buy/Hold,
        BRRRR, Fix/Flip, ST Rental) the map popup shows.
      </Paragraph>
    ),
  },
  {
    id: 'contacts',
    title: 'Contacts (agents)',
    body: (
      <Paragraph>
        Agents keep the investors they work with under <strong>Contacts</strong>: name, email, phone, notes and the properties
        they are discussing (search by address to link one). Other accounts do not have contacts.
      </Paragraph>
    ),
  },
  {
    id: 'account',
    title: 'Your account and password',
    body: (
      <Paragraph>
        Change your name, the email you sign in with, or your password on the <Link to="/app/account">Account</Link> page.
        Changing the password signs out your other devices. Forgot it? Sign out and use the Forgot Password link on the sign-in
        page; we email you a link to choose a new one.
      </Paragraph>
    ),
  },
  {
    id: 'quick',
    title: 'The quick actions button',
    body: (
      <>
        <Paragraph>The round button at the bottom-right opens eight quick actions:</Paragraph>
        <ul>
          <li>
            <strong>Browser</strong> opens the current page in a new tab.
          </li>
          <li>
            <strong>Email</strong> starts an email with a link to the current page.
          </li>
          <li>
            <strong>Chat</strong> brings you to this help page.
          </li>
          <li>
            <strong>Calculate</strong> opens a mortgage payment calculator.
          </li>
          <li>
            <strong>Record</strong> opens a private notepad saved in this browser.
          </li>
          <li>
            <strong>News</strong> shows what&apos;s new in Dealmap.
          </li>
          <li>
            <strong>Add</strong> goes to Contacts for agents, or to Search for everyone else.
          </li>
          <li>
            <strong>Delete</strong> clears this browser&apos;s notes and theme choice after asking you first.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'theme',
    title: 'Light and dark themes',
    body: (
      <Paragraph>
        Dealmap follows your system&apos;s light or dark setting until you flip the theme switch in the header. Your choice is
        remembered in this browser.
      </Paragraph>
    ),
  },
  {
    id: 'keys',
    title: 'Keyboard shortcuts',
    body: (
      <Paragraph>
        Press <Typography.Text keyboard>Alt</Typography.Text> + <Typography.Text keyboard>T</Typography.Text> to move focus to the
        notifications. <Typography.Text keyboard>Esc</Typography.Text> closes dialogs and the quick actions menu.
      </Paragraph>
    ),
  },
];

/** /app/help: how to use the map, the deal colours, every strategy figure and its formula, and the rest of the app. */
export function HelpPage() {
  return (
    <>
      <PageTitle>Help</PageTitle>
      <Paragraph className="dm-lead">Everything you need to get around Dealmap.</Paragraph>
      <nav aria-label="Help topics" className="dm-help-toc">
        <ul>
          {TOPICS.map((topic) => (
            <li key={topic.id}>
              <a href={`#help-${topic.id}`}>{topic.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {TOPICS.map((topic) => (
        <section key={topic.id} id={`help-${topic.id}`} aria-labelledby={`help-${topic.id}-title`} className="dm-help-topic">
          <Title level={3} id={`help-${topic.id}-title`}>
            {topic.title}
          </Title>
          {topic.body}
        </section>
      ))}
    </>
  );
}

export default HelpPage;
