// The one test for "a unique key already holds this value" (Prisma's P2002), for services that turn
// it into a named error or a retry. Only this error is caught: any other failure goes on up. The code
// is compared rather than the class, as the SQLite and PostgreSQL clients each have their own.
export const UNIQUE_VIOLATION = "P2002";

/** Whether a write failed because a unique index already holds the value. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}
