// A visitor's right to erasure (issue 11): DELETE /api/census/visitor removes every event of the
// caller's analytics id and their visitors' days, then recomputes the rollups of the days they
// appeared on, so no count still includes them.
import type { Db } from "../../db/client.ts";
import type { StoreSettingsService } from "../store/store-settings.ts";
import { rollUpDay } from "./rollups.ts";

export async function deleteVisitorData(
  db: Db,
  websiteId: string,
  visitorKey: string,
  settings: Pick<StoreSettingsService, "get">,
): Promise<{ events: number }> {
  const days = await db.analyticsEvent.groupBy({ by: ["day"], where: { websiteId, visitorKey } });
  const visitorDays = await db.analyticsVisitorDay.findMany({ where: { websiteId, visitorKey }, select: { day: true } });
  const [events] = await db.$transaction([
    db.analyticsEvent.deleteMany({ where: { websiteId, visitorKey } }),
    db.analyticsVisitorDay.deleteMany({ where: { websiteId, visitorKey } }),
  ]);
  const { timeZone } = await settings.get();
  for (const day of new Set([...days.map((row) => row.day), ...visitorDays.map((row) => row.day)])) await rollUpDay(db, websiteId, day, timeZone);
  return { events: events.count };
}
