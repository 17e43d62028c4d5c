import { formatAddress } from '../../../shared/format';
import { GROWTH_LIMITS, type GrowthAssumptions } from '../../../shared/invest/projection';
import type { AnalysisPdfRequest, NewSharedReport, SharedReport, SharedReportLink } from '../../../shared/schemas/shared-reports';
import { MAX_SHARED_REPORTS } from '../../../shared/shared-reports';
import type { Db } from '../../db/database';
import { badRequest, conflict, gone, notFound } from '../../http/errors';
import { checkId, isUuid } from '../../http/ids';
import { findComps, findProperty, PROPERTY_MESSAGES, withEstimateRanges, type Calibrations } from '../properties';
import { checkWhatIf } from './service';
import { createSharedReportsRepository, type SharedReportRow } from './share-repository';
import { readShareToken, signShareToken } from './share-token';

const DAY_MS = 86_400_000;

export const SHARE_MESSAGES = {
  notFound: 'Shared link not found',
  badLink: 'This link is not valid: check that it was copied whole, or ask for a new one',
  revoked: 'This link was revoked by the person who shared it: ask them for a new one',
  expired: (on: string) => `This link expired on ${on}: ask the person who shared it for a new one`,
  limit: `You already have ${MAX_SHARED_REPORTS} shared links, the most one user can keep`,
  growth: (label: string, min: number, max: number) => `${label} must be between ${min} and ${max}`,
} as const;

/** "Nov 30, 2026", in UTC (the server's answer does not know the reader's zone). */
const dayText = (at: Date) =>
  at.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

const statusOf = (row: SharedReportRow, now = Date.now()): SharedReportLink['status'] =>
  row.revoked_at ? 'revoked' : row.expires_at.getTime() <= now ? 'expired' : 'active';

/** 400 naming the first growth rate out of its range. */
function checkGrowth(growth: GrowthAssumptions): GrowthAssumptions {
  for (const key of Object.keys(GROWTH_LIMITS) as Array<keyof GrowthAssumptions>) {
    const { label, min, max } = GROWTH_LIMITS[key];
    const value = growth[key];
    if (!Number.isFinite(value) || value < min || value > max) {
      const message = SHARE_MESSAGES.growth(label, min, max);
      throw badRequest(message, { [`growth.${key}`]: message });
    }
  }
  return growth;
}

/**
 * Shared reports (docs/portfolio.md, "Shared reports"): a property's analysis as a read-only link,
 * signed, expiring, revocable, counting its views.
 */
export function createShareService(db: Db, secret: string, calibrations?: Calibrations) {
  const repository = createSharedReportsRepository(db);
  const toLink = (row: SharedReportRow): SharedReportLink => ({
    _id: row.id,
    propertyId: row.property_id,
    address: row.address,
    path: `/shared/${signShareToken(secret, row.id)}`,
    status: statusOf(row),
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    revokedAt: row.revoked_at?.toISOString() ?? null,
    views: row.views,
    lastViewedAt: row.last_viewed_at?.toISOString() ?? null,
  });

  return {
    /** The analysis of these inputs on the property as it is now, with the user's name: what a link keeps, what a PDF shows. */
    async report(userId: string, body: AnalysisPdfRequest, sharedAt = new Date()): Promise<Omit<SharedReport, 'expiresAt'>> {
      if (!isUuid(body.propertyId)) {
        throw badRequest(PROPERTY_MESSAGES.badPropertyId, { propertyId: PROPERTY_MESSAGES.badPropertyId });
      }
      const whatIf = checkWhatIf(body.whatIf);
      const growth = checkGrowth(body.growth);
      const found = await findProperty(db, body.propertyId.toLowerCase());
      if (!found) throw badRequest(PROPERTY_MESSAGES.propertyNotFound, { propertyId: PROPERTY_MESSAGES.propertyNotFound });
      const property = await withEstimateRanges(found, calibrations);
      const comps = property.compIDs.length ? await findComps(db, property.compIDs) : [];
      return {
        property,
        // In the property's order (nearest first), as the page shows them.
        comps: property.compIDs.flatMap((id) => comps.find((c) => c._id === id) ?? []),
        strategy: body.strategy,
        whatIf,
        growth,
        holdYears: body.holdYears,
        offerTargets: body.offerTargets,
        sharedBy: (await repository.sharerName(userId)) ?? '',
        sharedAt: sharedAt.toISOString(),
      };
    },

    async create(userId: string, body: NewSharedReport): Promise<SharedReportLink> {
      const sharedAt = new Date();
      const expiresAt = new Date(sharedAt.getTime() + body.expiresInDays * DAY_MS);
      const report: SharedReport = { ...(await this.report(userId, body, sharedAt)), expiresAt: expiresAt.toISOString() };
      const row = await repository.insert(
        userId,
        { propertyId: report.property._id, address: formatAddress(report.property), report, expiresAt },
        MAX_SHARED_REPORTS,
      );
      if (row === 'limit') throw conflict(SHARE_MESSAGES.limit);
      return toLink(row);
    },

    async list(userId: string, propertyId: string | undefined): Promise<SharedReportLink[]> {
      if (propertyId !== undefined && !isUuid(propertyId)) {
        throw badRequest(PROPERTY_MESSAGES.badPropertyId, { propertyId: PROPERTY_MESSAGES.badPropertyId });
      }
      return (await repository.list(userId, propertyId?.toLowerCase())).map(toLink);
    },

    async revoke(userId: string, id: string): Promise<SharedReportLink> {
      const row = await repository.revoke(userId, checkId('shared link', id));
      if (!row) throw notFound(SHARE_MESSAGES.notFound);
      return toLink(row);
    },

    /** What a link opens (a view counted unless `countView` is false), or 404 (not a link) / 410 (revoked, expired) with why. */
    async open(token: string, countView = true): Promise<SharedReport> {
      const id = readShareToken(secret, token);
      if (!id) throw notFound(SHARE_MESSAGES.badLink);
      const opened = await repository.open(id, countView);
      if ('report' in opened) return { ...opened.report, expiresAt: opened.row.expires_at.toISOString() };
      const row = opened.row;
      if (!row) throw notFound(SHARE_MESSAGES.badLink);
      if (row.revoked_at) throw gone(SHARE_MESSAGES.revoked);
      throw gone(SHARE_MESSAGES.expired(dayText(row.expires_at)));
    },
  };
}
