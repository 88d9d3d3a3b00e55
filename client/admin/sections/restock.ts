// The restock area of the admin (issue 9): its navigation entries and routes.
import type { AdminSection } from "../section.ts";

export const section: AdminSection = { nav: [], routes: [] };
