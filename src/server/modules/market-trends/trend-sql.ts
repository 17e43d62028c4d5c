import { sql, type RawBuilder } from 'kysely';

/**
 * The monthly figures of the listings, sales and leases in SQL (docs/markets.md, "How each figure is
 * computed"), either for every city and ZIP at once (the aggregates) or for one area (the visible map).
 * Times are read in UTC. A listing is on the market at a month's end (this month: now) when it was listed
 * by then and had not left; its price then is the one its price history says. A listing that sold was
 * removed from the listings with its price history: its sold comp keeps its on-market day, and it counts
 * from then to its close at its last list price, its cuts unknown (the cut share is of the listings whose
 * history is known). A past listing (one that left before the database held it) counts from its
 * on-market day to its off-market day at its prices and cuts. The listings' figures start at
 * LISTINGS_FROM_SQL's month.
 */

export interface TrendScope {
  /** The first month computed, YYYY-MM-01. */
  start: string;
  /** Only what lies in this box (the visible area); every city and ZIP without it. */
  box?: { south: number; north: number; west: number; east: number };
}

/**
 * The month the listings' figures start: the first month the database held listings (their earliest
 * `created_at`), or earlier where past listings reach back: the month the first of them left (every
 * place they hold is filled from then on, docs/markets.md, "Past listings"). A month before it would
 * count only the listings still held today — the ones that sold or were withdrawn before are not
 * there — so it has no listings' figures.
 */
export const LISTINGS_FROM_SQL = sql<Date | null>`(select least(
  (select date_trunc('month', min(created_at) at time zone 'UTC') from properties),
  (select date_trunc('month', min(off_market_date)::timestamp) from past_listings)))`;

/** The columns every scope answers, as market_trend_months keeps them. */
export const TREND_COLUMNS = sql.raw(`active_count, list_price_median, list_ppsf_median, list_ppsf_count, new_listings,
  dom_median, cut_count, cut_base_count, sold_count, sold_price_median, sold_ppsf_median, sold_ppsf_count, sale_to_list_median,
  sale_to_list_count, lease_count, rent_median, rent_ppsf_median, rent_ppsf_count`);

const inBox = (scope: TrendScope, alias: string): RawBuilder<unknown> => {
  if (!scope.box) return sql``;
  const { south, north, west, east } = scope.box;
  const a = sql.raw(alias);
  return sql`and ${a}.latitude between ${south} and ${north} and ${a}.longitude between ${west} and ${east}`;
};

/**
 * `select kind, key, month, <TREND_COLUMNS>`: a row per market and month with any record (markets:
 * kind 'city' with key "austin|TX" and kind 'zip'; an area: kind 'area', key '').
 */
export function trendRowsQuery(scope: TrendScope): RawBuilder<unknown> {
  const area = scope.box !== undefined;
  // The markets' grouping, or one group a month for an area.
  const groups = area ? sql`month` : sql`grouping sets ((city_key, month), (zip, month))`;
  const kindKey = area
    ? sql`'area'::text as kind, ''::text as key`
    : sql`case when grouping(city_key) = 0 then 'city' else 'zip' end as kind, coalesce(city_key, zip) as key`;
  const start = sql`${scope.start}::timestamp`;
  return sql`
    with
    clock as (
      select (now() at time zone 'UTC') as now_at, date_trunc('month', now() at time zone 'UTC') as this_month,
        -- The listings' history starts with the first the database received (LISTINGS_FROM_SQL).
        greatest(${start}, coalesce(${LISTINGS_FROM_SQL}, 'infinity'::timestamp)) as listings_from
    ),
    listing as (
      select p.id, lower(p.city) || '|' || upper(p.state) as city_key, p.zip, p.area, p.list_price,
        coalesce(p.on_market_date, (p.created_at at time zone 'UTC')::date)::timestamp as listed_at,
        coalesce(p.off_market_at at time zone 'UTC', 'infinity'::timestamp) as left_at, true as known
      from properties p
      -- One that left before the first month rebuilt is in none of its months.
      where (p.off_market_at is null or p.off_market_at >= ${start} at time zone 'UTC')
        and p.city is not null and btrim(p.city) <> '' and p.state is not null ${inBox(scope, 'p')}
      union all
      select s.id, lower(s.city) || '|' || upper(s.state), s.zip, s.area, coalesce(s.list_price, s.close_price),
        s.on_market_date::timestamp, s.close_date::timestamp, false
      from sold_comps s
      -- One that closed before the first month rebuilt is in none of its months.
      where s.on_market_date is not null and s.on_market_date <= s.close_date and s.close_date >= ${start}::date
        and s.city is not null and btrim(s.city) <> '' and s.state is not null ${inBox(scope, 's')}
    ),
    change as (
      select h.property_id, h.changed_at at time zone 'UTC' as changed_at, h.old_price, h.new_price,
        lead(h.changed_at at time zone 'UTC') over (partition by h.property_id order by h.changed_at, h.id) as next_at,
        row_number() over (partition by h.property_id order by h.changed_at, h.id) as n,
        -- Whether its price was cut in this change's month by this change or one before it.
        bool_or(h.new_price < h.old_price) over (
          partition by h.property_id, date_trunc('month', h.changed_at at time zone 'UTC')
          order by h.changed_at, h.id rows between unbounded preceding and current row) as cut_in_month
      from price_history h join listing l on l.id = h.property_id
      -- A price at a rebuilt month's end is the one its first later change replaced (or the list price
      -- when none came after): the changes before the first month rebuilt are not needed.
      where h.changed_at >= ${start} at time zone 'UTC'
    ),
    -- A listing's prices from the first month rebuilt on, each span with what the months it covers
    -- need of the listing (the first span's from_at is before that month when it began before it).
    span as (
      -- One pass over the listings and their changes (two, one a span each, sorted the listings twice:
      -- 2.5 s at 1M): a listing's span before its first change (its whole time when it has none), and
      -- each change's span from it to the next.
      select l.city_key, l.zip, l.area, l.known, l.listed_at, s.from_at, s.to_at, s.price, s.cut_in_month
      from listing l left join change c on c.property_id = l.id
      cross join lateral (values
        (l.listed_at, coalesce(c.changed_at, l.left_at), coalesce(c.old_price, l.list_price), false, coalesce(c.n, 1) = 1),
        (c.changed_at, coalesce(c.next_at, l.left_at), c.new_price, c.cut_in_month, c.n is not null)
      ) s(from_at, to_at, price, cut_in_month, kept)
      where s.kept
      union all
      -- A past listing's prices: its list price until its first cut, each cut's until the next (every
      -- change of a past listing is a cut), the last until it left.
      select lower(x.city) || '|' || upper(x.state), x.zip, x.area, true, x.on_market_date::timestamp,
        p.from_day::timestamp, p.to_day::timestamp, p.price, p.n > 1
      from past_listings x
      cross join lateral unnest(array[x.on_market_date] || x.cut_dates, array[x.list_price] || x.cut_prices,
        x.cut_dates || array[x.off_market_date]) with ordinality p(from_day, price, to_day, n)
      where x.off_market_date >= ${start}::date ${inBox(scope, 'x')}
    ),
    active as (
      -- The span on the market at a month's end began with the month's last change (if any was in it),
      -- whose cut_in_month says whether any change of the month up to it was a cut.
      select s.city_key, s.zip, m.month, s.price, s.area,
        extract(epoch from (m.cut_at - s.listed_at)) / 86400.0 as dom,
        case when s.known then s.cut_in_month and date_trunc('month', s.from_at) = m.month end as cut
      from span s
      cross join clock
      cross join lateral (
        select g as month, least(g + interval '1 month', clock.now_at) as cut_at
        from generate_series(date_trunc('month', greatest(s.from_at, clock.listings_from)), date_trunc('month', least(s.to_at, clock.now_at)), interval '1 month') g
      ) m
      where s.from_at <= m.cut_at and s.to_at > m.cut_at
    ),
    active_agg as (
      select ${kindKey}, month, count(*)::int as active_count,
        percentile_cont(0.5) within group (order by price) as list_price_median,
        percentile_cont(0.5) within group (order by price / area) filter (where area > 0) as list_ppsf_median,
        (count(*) filter (where area > 0))::int as list_ppsf_count,
        percentile_cont(0.5) within group (order by dom) as dom_median,
        (count(*) filter (where cut))::int as cut_count,
        (count(*) filter (where cut is not null))::int as cut_base_count
      from active group by ${groups}
    ),
    -- The listings that came on the market in a rebuilt month, through the tables' indexes (a second
    -- pass over every listing above read them all from disk at 1M).
    new_agg as (
      select ${kindKey}, month, count(*)::int as new_listings
      from (
        select lower(p.city) || '|' || upper(p.state) as city_key, p.zip,
          date_trunc('month', coalesce(p.on_market_date, (p.created_at at time zone 'UTC')::date)::timestamp) as month
        from properties p
        where (p.on_market_date >= ${start}::date or (p.on_market_date is null and p.created_at >= ${start} at time zone 'UTC'))
          and p.city is not null and btrim(p.city) <> '' and p.state is not null ${inBox(scope, 'p')}
        union all
        select lower(s.city) || '|' || upper(s.state), s.zip, date_trunc('month', s.on_market_date::timestamp)
        from sold_comps s
        where s.close_date >= ${start}::date and s.on_market_date >= ${start}::date and s.on_market_date <= s.close_date
          and s.city is not null and btrim(s.city) <> '' and s.state is not null ${inBox(scope, 's')}
        union all
        select lower(x.city) || '|' || upper(x.state), x.zip, date_trunc('month', x.on_market_date::timestamp)
        from past_listings x
        -- Listed from the first month rebuilt on, so left from it on too: through off_market_date's index.
        where x.off_market_date >= ${start}::date and x.on_market_date >= ${start}::date ${inBox(scope, 'x')}
      ) n cross join clock
      where month >= clock.listings_from group by ${groups}
    ),
    sold as (
      select lower(s.city) || '|' || upper(s.state) as city_key, s.zip, s.close_price, s.area, s.list_price,
        date_trunc('month', s.close_date::timestamp) + k * interval '1 month' as month
      from sold_comps s cross join generate_series(0, 2) k
      where s.city is not null and btrim(s.city) <> '' and s.state is not null
        and s.close_date >= (${start} - interval '2 months')::date ${inBox(scope, 's')}
    ),
    sold_agg as (
      select ${kindKey}, month, count(*)::int as sold_count,
        percentile_cont(0.5) within group (order by close_price) as sold_price_median,
        percentile_cont(0.5) within group (order by close_price / area) filter (where area > 0) as sold_ppsf_median,
        (count(*) filter (where area > 0))::int as sold_ppsf_count,
        percentile_cont(0.5) within group (order by close_price / list_price) filter (where list_price > 0) as sale_to_list_median,
        (count(*) filter (where list_price > 0))::int as sale_to_list_count
      from sold cross join clock where month >= ${start} and month <= clock.this_month group by ${groups}
    ),
    lease as (
      select lower(r.city) || '|' || upper(r.state) as city_key, r.zip, r.rent, r.area,
        date_trunc('month', r.close_date::timestamp) + k * interval '1 month' as month
      from leases r cross join generate_series(0, 2) k
      where r.city is not null and btrim(r.city) <> '' and r.state is not null
        and r.close_date >= (${start} - interval '2 months')::date ${inBox(scope, 'r')}
    ),
    lease_agg as (
      select ${kindKey}, month, count(*)::int as lease_count,
        percentile_cont(0.5) within group (order by rent) as rent_median,
        percentile_cont(0.5) within group (order by rent / area) filter (where area > 0) as rent_ppsf_median,
        (count(*) filter (where area > 0))::int as rent_ppsf_count
      from lease cross join clock where month >= ${start} and month <= clock.this_month group by ${groups}
    )
    select kind, key, month::date as month,
      coalesce(active_count, 0) as active_count, list_price_median, list_ppsf_median, coalesce(list_ppsf_count, 0) as list_ppsf_count,
      coalesce(new_listings, 0) as new_listings, dom_median, coalesce(cut_count, 0) as cut_count,
      coalesce(cut_base_count, 0) as cut_base_count,
      coalesce(sold_count, 0) as sold_count, sold_price_median, sold_ppsf_median, coalesce(sold_ppsf_count, 0) as sold_ppsf_count,
      sale_to_list_median, coalesce(sale_to_list_count, 0) as sale_to_list_count,
      coalesce(lease_count, 0) as lease_count, rent_median, rent_ppsf_median, coalesce(rent_ppsf_count, 0) as rent_ppsf_count
    from active_agg
      full join new_agg using (kind, key, month)
      full join sold_agg using (kind, key, month)
      full join lease_agg using (kind, key, month)
    where key is not null and (kind <> 'zip' or key ~ '^[0-9]{5}$')`;
}
