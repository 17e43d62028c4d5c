import { Descriptions, Tabs, Typography } from 'antd';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { formatTarget, offerTargetsOf } from '../../../shared/invest';
import { EXPERIENCE_LEVELS } from '../../../shared/investor-types';
import { useInvestmentInterestsQuery, useInvestmentMarketsQuery, useInvestmentStrategiesQuery } from '../../api/lookups-api';
import { useAppSelector } from '../../app/hooks';
import './profile.css';
import { PageTitle } from '../../components/page-title';
import { selectUser } from '../session';
import { marketChoices } from './profile-lookups';

export const PROFILE_TABS = [
  { key: 'markets', label: 'Markets' },
  { key: 'interests', label: 'Interests' },
  { key: 'strategies', label: 'Strategies' },
  { key: 'experience', label: 'Experience' },
  { key: 'targets', label: 'Offer targets' },
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
        onChange={(key) => void navigate(`/app/profile/${key}`)}
        items={PROFILE_TABS.map((tab) => ({ key: tab.key, label: tab.label }))}
      />
      <Outlet />
    </>
  );
}

/** Names of the chosen ids, in catalogue order; ids no longer offered are left out. */
const namesOf = (chosen: string[] | undefined, catalogue: Array<{ _id: string; label: string }> | undefined) => {
  const held = new Set(chosen ?? []);
  return (catalogue ?? []).filter((item) => held.has(item._id)).map((item) => item.label);
};

function Summary({
  names,
  tab,
  loading,
  none = 'None chosen',
}: {
  names: string[];
  tab: string;
  loading: boolean;
  none?: string;
}) {
  return (
    <>
      {loading ? '…' : names.length ? names.join(', ') : <Typography.Text type="secondary">{none}</Typography.Text>}{' '}
      <Link to={`/app/profile/${tab}`} aria-label={`Change ${tab}`}>
        Change
      </Link>
    </>
  );
}

/** /app/profile itself: what the profile holds, with a way into each screen. */
export function ProfileOverview() {
  const user = useAppSelector(selectUser);
  const markets = useInvestmentMarketsQuery();
  const interests = useInvestmentInterestsQuery();
  const strategies = useInvestmentStrategiesQuery();
  const profile = user?.profile;
  const named = (items: Array<{ _id: string; name: string }> | undefined) => items?.map((i) => ({ _id: i._id, label: i.name }));
  const experience = EXPERIENCE_LEVELS.find((level) => level.id === profile?.experience)?.label;
  const targets = offerTargetsOf(profile);

  return (
    <>
      <Typography.Paragraph>
        Your profile tells Dealmap what you invest in. Your strategies decide which projections the map shows for each property.
      </Typography.Paragraph>
      <Descriptions bordered column={1} size="middle" styles={{ label: { width: 160 } }}>
        <Descriptions.Item label="Markets">
          <Summary names={namesOf(profile?.markets, marketChoices(markets.data))} tab="markets" loading={markets.isLoading} />
        </Descriptions.Item>
        <Descriptions.Item label="Interests">
          <Summary names={namesOf(profile?.interests, named(interests.data))} tab="interests" loading={interests.isLoading} />
        </Descriptions.Item>
        <Descriptions.Item label="Strategies">
          <Summary names={namesOf(profile?.strategies, named(strategies.data))} tab="strategies" loading={strategies.isLoading} />
        </Descriptions.Item>
        <Descriptions.Item label="Experience">
          <Summary names={experience ? [experience] : []} tab="experience" loading={false} none="Not recorded" />
        </Descriptions.Item>
        <Descriptions.Item label="Offer targets">
          <Summary
            names={[
              `${formatTarget(targets.cashOnCashPercent)} cash-on-cash`,
              `${formatTarget(targets.flipProfitPercent)} of ARV on a flip`,
            ]}
            tab="targets"
            loading={false}
          />
        </Descriptions.Item>
      </Descriptions>
    </>
  );
}

export default ProfilePage;
