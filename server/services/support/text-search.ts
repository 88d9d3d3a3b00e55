// "Contains, ignoring case" on either database. PostgreSQL's LIKE is case-sensitive, so Prisma's
// `mode: "insensitive"` (ILIKE) is asked for there; SQLite has no `mode` (Prisma refuses it) and its
// LIKE already ignores the case of ASCII letters, which is what email addresses are made of.
import type { Db } from "../../db/client.ts";
import { providerOf } from "../../db/urls.ts";

/** A Prisma string filter: the column contains `text`, in any case. */
export function containsIgnoringCase(db: Db, text: string): { contains: string } {
  return providerOf(db) === "postgresql" ? ({ contains: text, mode: "insensitive" } as { contains: string }) : { contains: text };
}
