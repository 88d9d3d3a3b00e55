// jest globalTeardown: removes the run's database templates (database-templates.ts).
export { removeDatabaseTemplates as default } from "./database-templates.ts";
