// Retention (issue 11): raw events and visitors' days older than the owner's retention period
// (AnalyticsSettings.retentionDays; 395 days when the owner never saved the settings) are deleted by a
// scheduled job. The rollups stay: they hold counts, nothing about a visitor.
import type { Db } from "../../db/client.ts";
import { daysBefore, siteDay } from "../../domain/analytics/events.ts";
import type { StoreSettingsService } from "../store/store-settings.ts";
import type { AnalyticsSettingsService } from "./analytics-settings.ts";

/** The first day still kept at `now`: days before it are purged. */
export const firstKeptDay = (now: Date, timeZone: string, retentionDays: number): string => daysBefore(siteDay(now, timeZone), retentionDays);

export async function purgeExpiredEvents(
  db: Db,
  websiteId: string,
  settings: Pick<StoreSettingsService, "get">,
  policy: Pick<AnalyticsSettingsService, "get">,
  now: Date,
): Promise<{ events: number; visitorDays: number }> {
  const [{ timeZone }, { retentionDays }] = await Promise.all([settings.get(), policy.get()]);
  const before = firstKeptDay(now, timeZone, retentionDays);
  const [events, visitorDays] = await db.$transaction([
    db.analyticsEvent.deleteMany({ where: { websiteId, day: { lt: before } } }),
    db.analyticsVisitorDay.deleteMany({ where: { websiteId, day: { lt: before } } }),
  ]);
  return { events: events.count, visitorDays: visitorDays.count };
}
