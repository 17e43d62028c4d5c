import { Collapse, Typography } from 'antd';
import { PageTitle } from '../../components/page-title';

const TOPICS = [
  {
    key: 'search',
    label: 'Searching for properties',
    children: (
      <Typography.Paragraph>
        Open <strong>Search</strong> in the header and enter a city, state or ZIP code. Properties are coloured by how
        their price compares with nearby sold comps: green for a good deal (below every comp), red for overpriced
        (above every comp) and cyan for market price.
      </Typography.Paragraph>
    ),
  },
  {
    key: 'profile',
    label: 'Markets, interests and strategies',
    children: (
      <Typography.Paragraph>
        Your <strong>Profile</strong> lists the investment markets, interests and strategies
        Dealmap offers and shows which ones your profile holds. The strategies on your profile decide which
        projections (Buy & Hold, BRRRR, Fix&apos;N&apos;Flip, Short-term Rental) you see for each property.
      </Typography.Paragraph>
    ),
  },
  {
    key: 'quick',
    label: 'The quick actions button',
    children: (
      <>
        <Typography.Paragraph>The round button at the bottom-right opens eight quick actions:</Typography.Paragraph>
        <ul>
          <li><strong>Browser</strong> opens the current page in a new tab.</li>
          <li><strong>Email</strong> starts an email with a link to the current page.</li>
          <li><strong>Chat</strong> brings you to this help page.</li>
          <li><strong>Calculate</strong> opens a mortgage payment calculator.</li>
          <li><strong>Record</strong> opens a private notepad saved in this browser.</li>
          <li><strong>News</strong> shows what&apos;s new in Dealmap.</li>
          <li><strong>Add</strong> goes to Contacts for agents, or to Search for everyone else.</li>
          <li><strong>Delete</strong> clears this browser&apos;s notes and theme choice after asking you first.</li>
        </ul>
      </>
    ),
  },
  {
    key: 'theme',
    label: 'Light and dark themes',
    children: (
      <Typography.Paragraph>
        Dealmap follows your system&apos;s light or dark setting until you flip the theme switch in the header. Your
        choice is remembered in this browser.
      </Typography.Paragraph>
    ),
  },
  {
    key: 'account',
    label: 'Your account and password',
    children: (
      <Typography.Paragraph>
        Your details are on the <strong>Account</strong> page. Forgot your password? Sign out and use
        the Forgot Password link on the sign-in page; we email you a link to choose a new one. You can sign out from
        the user menu at the top-right.
      </Typography.Paragraph>
    ),
  },
  {
    key: 'keys',
    label: 'Keyboard shortcuts',
    children: (
      <Typography.Paragraph>
        Press <Typography.Text keyboard>Alt</Typography.Text> + <Typography.Text keyboard>T</Typography.Text> to move
        focus to the notifications. <Typography.Text keyboard>Esc</Typography.Text> closes dialogs and the quick
        actions menu.
      </Typography.Paragraph>
    ),
  },
];

export function HelpPage() {
  return (
    <>
      <PageTitle>Help</PageTitle>
      <Typography.Paragraph className="dm-lead">Everything you need to get around Dealmap.</Typography.Paragraph>
      <Collapse items={TOPICS} defaultActiveKey={['search']} />
    </>
  );
}

export default HelpPage;
