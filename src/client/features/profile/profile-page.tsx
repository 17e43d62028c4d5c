import { Tabs, Typography } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { PageTitle } from '../../components/page-title';

export const PROFILE_TABS = [
  { key: 'markets', label: 'Markets' },
  { key: 'interests', label: 'Interests' },
  { key: 'strategies', label: 'Strategies' },
  { key: 'experience', label: 'Experience' },
  { key: 'contacts', label: 'Contacts' },
];

/** /app/profile with child routes markets, interests, strategies, experience and contacts. */
export function ProfilePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const active = PROFILE_TABS.find((tab) => location.pathname.split('/').includes(tab.key))?.key;

  return (
    <>
      <PageTitle>Profile</PageTitle>
      <Tabs
        activeKey={active ?? ''}
        onChange={(key) => navigate(`/app/profile/${key}`)}
        items={PROFILE_TABS.map((tab) => ({ key: tab.key, label: tab.label }))}
      />
      <Outlet />
    </>
  );
}

export function ProfileOverview() {
  return (
    <Typography.Paragraph>
      Your profile tells Dealmap what you invest in. Open a tab to see the markets, interests and strategies on offer
      and which ones your profile holds.
    </Typography.Paragraph>
  );
}

export default ProfilePage;
