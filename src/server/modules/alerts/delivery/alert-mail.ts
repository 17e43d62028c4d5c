import { formatCashOnCash, formatCurrency, formatRoi, INFINITE_ROI } from '../../../../shared/format';
import { strategyName } from '../../../../shared/invest/ranking';
import { STRATEGY_KEYS, type AlertReason, type StrategyKey } from '../../../../shared/vocabulary';
import type { MailMessage } from '../../mail';
import { escapeHtml } from '../../../lib/html';

/**
 * An alert e-mail (docs/map-search.md, "Alerts"): the matches of one user's searches, grouped by
 * search, each with its address, why it is reported, its price (and the price before a cut), the
 * search's strategy's cash-on-cash and a link that opens its popup on the map; a visible unsubscribe
 * link per search and, for the whole e-mail, the RFC 8058 one-click headers.
 */

export interface MailMatch {
  propertyId: string;
  address: string;
  latitude: number;
  longitude: number;
  reason: AlertReason;
  price: number;
  previousPrice: number | null;
  cashOnCash: number | null;
  /** No figure because no cash is left in the deal (an infinite return; stored as null: see matcher.ts). */
  cashOnCashInfinite: boolean;
}

export interface MailSearch {
  id: string;
  name: string;
  strategy: string | null;
  minCoc: number | null;
  /** The matches listed (the first of them, when there are many). */
  matches: MailMatch[];
  /** Matches of this search left out of the list (they are in the app's notifications). */
  more: number;
  /** This search's own unsubscribe token. */
  unsubscribeToken: string;
}

export interface AlertMailInput {
  to: string;
  kind: 'instant' | 'daily';
  searches: MailSearch[];
  /** The token of the header's one-click unsubscribe: every search of the e-mail. */
  unsubscribeToken: string;
  publicUrl: string;
}

/** The map's zoom a match's link opens at (a street's houses apart). */
const LINK_ZOOM = 16;

const isStrategy = (key: string | null): key is StrategyKey => key !== null && (STRATEGY_KEYS as readonly string[]).includes(key);

/** The search page centred on the listing with its popup open (`property=<id>`: the popup's deep link). */
export const propertyLink = (publicUrl: string, match: Pick<MailMatch, 'propertyId' | 'latitude' | 'longitude'>): string =>
  `${publicUrl}/app/search?${new URLSearchParams({
    lat: String(match.latitude),
    lng: String(match.longitude),
    zoom: String(LINK_ZOOM),
    property: match.propertyId,
  }).toString()}`;

/** The page that shows the unsubscribe and POSTs the token (no sign-in). */
export const unsubscribePage = (publicUrl: string, token: string): string =>
  `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;

/** The RFC 8058 one-click address: a mail client POSTs `List-Unsubscribe=One-Click` to it. */
export const oneClickUnsubscribe = (publicUrl: string, token: string): string =>
  `${publicUrl}/api/v1/alerts/unsubscribe?token=${encodeURIComponent(token)}`;

/** Why a listing is reported, in words. */
export function reasonWords(
  match: Pick<MailMatch, 'reason' | 'previousPrice' | 'price'>,
  search: Pick<MailSearch, 'minCoc'>,
): string {
  switch (match.reason) {
    case 'new':
      return 'New listing';
    case 'price_cut':
      return match.previousPrice !== null
        ? `Price cut from ${formatCurrency(match.previousPrice)} to ${formatCurrency(match.price)}`
        : `Price cut to ${formatCurrency(match.price)}`;
    case 'now_pays':
      return search.minCoc !== null
        ? `Now pays ${formatRoi(search.minCoc)} cash-on-cash or more`
        : 'Now pays your minimum cash-on-cash';
  }
}

/** The cash-on-cash line of a match: the search's strategy's figure when matched. */
function cashOnCashWords(match: MailMatch, search: MailSearch): string | null {
  if (!isStrategy(search.strategy)) return null;
  const figure = match.cashOnCashInfinite
    ? `${INFINITE_ROI} (no cash left in the deal)`
    : formatCashOnCash(match.cashOnCash, false);
  return `${strategyName(search.strategy)} cash-on-cash: ${figure}`;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function alertSubject(input: Pick<AlertMailInput, 'kind' | 'searches'>): string {
  const count = input.searches.reduce((n, s) => n + s.matches.length + s.more, 0);
  const matches = plural(count, 'new match', 'new matches');
  const what = input.searches.length === 1 ? `"${input.searches[0].name}"` : 'your saved searches';
  return input.kind === 'daily' ? `Dealmap daily digest: ${matches} for ${what}` : `Dealmap: ${matches} for ${what}`;
}

export function buildAlertMail(input: AlertMailInput): MailMessage {
  const { publicUrl } = input;
  const manage = `${publicUrl}/app`;
  const text: string[] = [
    input.kind === 'daily' ? 'Your saved searches found these since the last digest:' : 'Your saved searches found:',
    '',
  ];
  const html: string[] = [
    `<p>${escapeHtml(input.kind === 'daily' ? 'Your saved searches found these since the last digest:' : 'Your saved searches found:')}</p>`,
  ];
  for (const search of input.searches) {
    const stop = unsubscribePage(publicUrl, search.unsubscribeToken);
    text.push(`${search.name} (${plural(search.matches.length + search.more, 'match', 'matches')})`, '');
    html.push(
      `<h2 style="font-size:1.1em;margin:1.2em 0 0.4em">${escapeHtml(search.name)}</h2>`,
      '<ul style="padding-left:1.2em">',
    );
    for (const match of search.matches) {
      const link = propertyLink(publicUrl, match);
      const reason = reasonWords(match, search);
      const coc = cashOnCashWords(match, search);
      text.push(`- ${match.address}`, `  ${reason}`, `  Price: ${formatCurrency(match.price)}`);
      if (coc) text.push(`  ${coc}`);
      text.push(`  ${link}`, '');
      html.push(
        `<li style="margin-bottom:0.8em"><a href="${escapeHtml(link)}">${escapeHtml(match.address)}</a><br>` +
          `${escapeHtml(reason)}<br>Price: ${escapeHtml(formatCurrency(match.price))}` +
          (coc ? `<br>${escapeHtml(coc)}` : '') +
          '</li>',
      );
    }
    html.push('</ul>');
    if (search.more > 0) {
      const more = `And ${plural(search.more, 'more match', 'more matches')}: see your notifications in Dealmap.`;
      text.push(more, '');
      html.push(`<p>${escapeHtml(more)}</p>`);
    }
    text.push(`Stop the alerts of "${search.name}": ${stop}`, '');
    html.push(`<p style="font-size:90%"><a href="${escapeHtml(stop)}">Stop the alerts of "${escapeHtml(search.name)}"</a></p>`);
  }
  const why = `You get this e-mail because ${input.searches.length === 1 ? 'this saved search has' : 'these saved searches have'} ${
    input.kind === 'daily' ? 'a daily digest' : 'instant alerts'
  } on. Change or stop them under Saved searches: ${manage}`;
  text.push('--', why);
  html.push(
    `<p style="color:#666;font-size:90%">${escapeHtml(why.replace(/: \S+$/, ''))}: <a href="${escapeHtml(manage)}">${escapeHtml(manage)}</a>.</p>`,
  );
  return {
    to: input.to,
    subject: alertSubject(input),
    text: text.join('\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">\n${html.join('\n')}\n</body></html>`,
    headers: {
      'List-Unsubscribe': `<${oneClickUnsubscribe(publicUrl, input.unsubscribeToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
