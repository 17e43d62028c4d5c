import {
  useInvestmentInterestsQuery,
  useInvestmentMarketsQuery,
  useInvestmentStrategiesQuery,
} from '../../api/public-api';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../session/session-slice';
import { LookupChoices } from './lookup-choices';

const active = <T extends { active: boolean }>(items: T[] | undefined): T[] | undefined =>
  items?.filter((item) => item.active !== false);

export function MarketsTab() {
  const user = useAppSelector(selectUser);
  const { data, isLoading, error } = useInvestmentMarketsQuery();
  const choices = active(data)
    ?.slice()
    .sort((a, b) => a.city.localeCompare(b.city))
    .map((m) => ({ _id: m._id, label: `${m.city}, ${m.state}`, description: m.description }));
  return (
    <LookupChoices title="Markets" choices={choices} chosen={user?.profile?.markets ?? []} isLoading={isLoading} error={error} />
  );
}

export function InterestsTab() {
  const user = useAppSelector(selectUser);
  const { data, isLoading, error } = useInvestmentInterestsQuery();
  const choices = active(data)?.map((i) => ({ _id: i._id, label: i.name, description: i.description }));
  return (
    <LookupChoices title="Interests" choices={choices} chosen={user?.profile?.interests ?? []} isLoading={isLoading} error={error} />
  );
}

export function StrategiesTab() {
  const user = useAppSelector(selectUser);
  const { data, isLoading, error } = useInvestmentStrategiesQuery();
  const choices = active(data)?.map((s) => ({ _id: s._id, label: s.name, description: s.description }));
  return (
    <LookupChoices title="Strategies" choices={choices} chosen={user?.profile?.strategies ?? []} isLoading={isLoading} error={error} />
  );
}
