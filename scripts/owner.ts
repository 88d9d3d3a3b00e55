// npm run owner -- create <email> [--site SITE]: the operator makes a site's first owner (issue 23). A
// site without an owner gets a one-time setup link for that address (printed; earlier links retired):
// its form asks for the password, the store's name, currency and country, and signs the owner in. A
// site that has an owner already gets an invitation making the address an admin (emailed from the
// outbox, as the admin's People screen sends it). SITE is a site's id, slug or host (npm run site);
// unset, the deployment's site (SITECART_WEBSITE_ID), made empty when it does not exist yet.
// Exit codes: 0 done, 1 refused (the reason on stderr), 2 bad arguments (with the usage).
import { siteClient } from "../server/db/client.ts";
import { INVITATION_DAYS } from "../server/domain/members/people.ts";
import { Role } from "../server/domain/members/permissions.ts";
import { siteSetupMessages as say } from "../server/domain/messages/site-setup.ts";
import { SETUP_LINK_HOURS } from "../server/domain/site/site-setup.ts";
import { Mailer } from "../server/services/mail/mailer.ts";
import { PeopleService } from "../server/services/members/people.ts";
import { ensureEmptySite, issueSetupLink, siteHasOwner } from "../server/services/site/site-setup.ts";
import { ownerEmail } from "../server/services/site/operator-inputs.ts";
import { exitWithUsage, parseArgsOrExit, runCli } from "./cli.ts";

const usage = (problem?: string): never => exitWithUsage(say.ownerUsage, problem);

const { values, positionals } = parseArgsOrExit(say.ownerUsage, {
  args: process.argv.slice(2),
  options: { site: { type: "string" } },
  allowPositionals: true,
  strict: true,
});
if (positionals[0] !== "create") usage(positionals[0] ? `unknown command: ${positionals[0]}` : undefined);
if (positionals.length !== 2) usage(`create takes 1 argument (the owner's email), got ${positionals.length - 1}`);

// Nothing this command does publishes an event (the operator only finds the site): no Redis.
await runCli({ redis: false }, async ({ config, db, operator }) => {
  const email = ownerEmail(positionals[1]);
  if (values.site === undefined) await ensureEmptySite(db, config.websiteId, say.newStoreTitle);
  const site = await operator.site(values.site ?? config.websiteId);
  const baseUrl = site.url ?? config.publicUrl;
  if (!(await siteHasOwner(db, site.id))) {
    const { url } = await issueSetupLink(db, site.id, { baseUrl, email });
    console.log(`${say.cliSetupLink(email, SETUP_LINK_HOURS)}\n  ${url}`);
    return;
  }
  const people = new PeopleService(siteClient(db, site.id), site.id, new Mailer(db, null), baseUrl);
  await people.invite({ email, role: Role.ADMIN }, null);
  console.log(say.cliInvitation(email, INVITATION_DAYS));
});
