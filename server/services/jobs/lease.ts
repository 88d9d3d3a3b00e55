// A job lease: which server process runs a scheduled job, one at a time across processes. A JobLease
// row per job (per job and site for a site job's turns); a process takes it with a conditional update
// (only when it has lapsed), so of two processes trying at once exactly one succeeds, on SQLite and
// PostgreSQL alike, with no Redis. The holder renews it while the job runs; when the job is done the
// holder keeps it until the job's next run is due, so the job runs once per interval however many
// processes there are. A holder that dies simply lets it lapse.
import { hostname } from "node:os";
import type { Db } from "../../db/client.ts";
import { sql } from "../../db/sql.ts";
import { newId } from "../support/ids.ts";

/** This process's name in JobLease.holder: readable, and unique even for two processes with one pid. */
export const processHolder = (): string => `${hostname()}:${process.pid}:${newId().slice(0, 8)}`;

/** The lease of one site's turn of a job (issue 21). */
export const siteLeaseName = (job: string, websiteId: string): string => `${job}:${websiteId}`;

export class JobLeases {
  constructor(
    private readonly db: Db,
    readonly holder: string,
    private readonly now: () => Date,
  ) {}

  /** Takes the lease for `ms` when nobody holds it (or it lapsed); false when another holder has it. */
  async acquire(name: string, ms: number): Promise<boolean> {
    const now = this.now();
    const expiresAt = new Date(now.getTime() + ms);
    const taken = await this.db.jobLease.updateMany({ where: { name, expiresAt: { lte: now } }, data: { holder: this.holder, expiresAt } });
    if (taken.count === 1) return true;
    // No row yet, or a row held by someone (or just created by another process): only a new row is
    // written. No unique-key error either way (a site job asks for a lease per site on every run).
    const created = await sql(this.db)
      .insertInto("JobLease")
      .values({ name, holder: this.holder, expiresAt })
      .onConflict((conflict) => conflict.column("name").doNothing())
      .executeTakeFirst();
    return Number(created.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  /** Extends the lease to `ms` from now while this process still holds it; false when it lost it. */
  async renew(name: string, ms: number): Promise<boolean> {
    const expiresAt = new Date(this.now().getTime() + ms);
    const renewed = await this.db.jobLease.updateMany({ where: { name, holder: this.holder }, data: { expiresAt } });
    return renewed.count === 1;
  }

  /** Keeps the lease until `until` (the job's next run), only if this process still holds it. */
  async holdUntil(name: string, until: Date): Promise<void> {
    await this.db.jobLease.updateMany({ where: { name, holder: this.holder }, data: { expiresAt: until } });
  }
}
