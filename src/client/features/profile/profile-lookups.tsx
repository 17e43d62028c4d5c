import {
  useUpdateProfileInterestsMutation,
  useUpdateProfileMarketsMutation,
  useUpdateProfileStrategiesMutation,
} from './profile-api';
import { useInvestmentInterestsQuery, useInvestmentMarketsQuery, useInvestmentStrategiesQuery } from '../../api/lookups-api';
import type { Interest, Market, Strategy } from '../../../shared/api-types';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../session';
import { LookupChoices, type Choice } from './lookup-choices';
import { useProfileSave } from './use-profile-save';

const activeOnly = <T extends { active: boolean }>(items: T[] | undefined): T[] | undefined =>
  items?.filter((item) => item.active !== false);

/** Markets sorted by city, then by state. */
export function marketChoices(markets: Market[] | undefined): Choice[] | undefined {
  return activeOnly(markets)
    ?.slice()
    .sort((a, b) => a.city.localeCompare(b.city) || a.state.localeCompare(b.state))
    .map((m) => ({ _id: m._id, label: `${m.city}, ${m.state}`, description: m.description }));
}

const namedChoices = (items: Array<Interest | Strategy> | undefined): Choice[] | undefined =>
  activeOnly(items)?.map((i) => ({ _id: i._id, label: i.name, description: i.description }));

export function MarketsTab() {
  const user = useAppSelector(selectUser);
  const { data, isLoading, error } = useInvestmentMarketsQuery();
  const [update, { isLoading: saving }] = useUpdateProfileMarketsMutation();
  const save = useProfileSave('Markets');
  return (
    <LookupChoices
      title="Markets"
      intro="Tick the cities you invest in or are researching, then save. They are listed on your profile for you and your agent."
      choices={marketChoices(data)}
      chosen={user?.profile?.markets ?? []}
      isLoading={isLoading}
      error={error}
      saving={saving}
      onSave={(ids) => save(() => update(ids).unwrap())}
    />
  );
}

export function InterestsTab() {
  const user = useAppSelector(selectUser);
  const { data, isLoading, error } = useInvestmentInterestsQuery();
  const [update, { isLoading: saving }] = useUpdateProfileInterestsMutation();
  const save = useProfileSave('Interests');
  return (
    <LookupChoices
      title="Interests"
      intro="Tick the kinds of property and deal you are interested in, then save."
      choices={namedChoices(data)}
      chosen={user?.profile?.interests ?? []}
      isLoading={isLoading}
      error={error}
      saving={saving}
      onSave={(ids) => save(() => update(ids).unwrap())}
    />
  );
}

export function StrategiesTab() {
  const user = useAppSelector(selectUser);
  const { data, isLoading, error } = useInvestmentStrategiesQuery();
  const [update, { isLoading: saving }] = useUpdateProfileStrategiesMutation();
  const save = useProfileSave('Strategies');
  return (
    <LookupChoices
      title="Strategies"
      intro="The strategies you save here decide which projections the map shows for a property: each one adds its tab (Buy/Hold, BRRRR, Fix/Flip, ST Rental) to the property popup."
      choices={namedChoices(data)}
      chosen={user?.profile?.strategies ?? []}
      isLoading={isLoading}
      error={error}
      saving={saving}
      onSave={(ids) => save(() => update(ids).unwrap())}
    />
  );
}
