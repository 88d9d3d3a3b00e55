// The one test for "a unique key already holds this value" (Prisma's P2002), for services that turn
// it into a named error or a retry. Only this error is caught: any other failure goes on up. The code
// is compared rather than the class, as the SQLite and PostgreSQL clients each have their own.
export const UNIQUE_VIOLATION = "P2002";
/** A raw statement (db/sql.ts) that failed: the driver adapter's error kind says why. */
const RAW_QUERY_FAILED = "P2010";

/** Whether a write failed because a unique index already holds the value (model operation or raw SQL). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, meta } = error as { code?: unknown; meta?: { driverAdapterError?: { cause?: { kind?: unknown } } } };
  return code === UNIQUE_VIOLATION || (code === RAW_QUERY_FAILED && meta?.driverAdapterError?.cause?.kind === "UniqueConstraintViolation");
}
