// A production start's guard (issue 23): demo sign-ins still holding the README's passwords (a site
// seeded before, or with `npm run seed`) get random ones and lose their sessions; an account whose
// owner changed the password keeps it.
import { DEMO_SIGN_INS, retirePublishedPasswords, seedDemoStore } from "../../prisma/seed.ts";
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import type { Db } from "../../server/db/client.ts";
import { hashPassword, verifyPassword } from "../../server/services/members/passwords.ts";
import { createTestDb } from "../support/db.ts";

let db: Db;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ db, close } = await createTestDb());
  await seedDemoStore(db, DEMO_WEBSITE_ID);
});
afterEach(() => close());

const accountOf = (email: string) => db.account.findUniqueOrThrow({ where: { websiteId_email: { websiteId: DEMO_WEBSITE_ID, email } } });

it("replaces every published password, ends those sessions, and changes nothing the second time", async () => {
  const owner = await accountOf("owner@sitecart.test");
  await db.session.create({ data: { id: "s-1", tokenHash: "h-1", xsrfTokenHash: "x-1", accountId: owner.id, expiresAt: new Date(Date.now() + 3_600_000) } });
  expect(await retirePublishedPasswords(db, DEMO_WEBSITE_ID)).toBe(DEMO_SIGN_INS.length);
  for (const signIn of DEMO_SIGN_INS) expect(await verifyPassword(signIn.password, (await accountOf(signIn.email)).passwordHash)).toBe(false);
  expect(await db.session.count({ where: { accountId: owner.id } })).toBe(0);
  expect(await retirePublishedPasswords(db, DEMO_WEBSITE_ID)).toBe(0);
});

it("keeps a password the owner chose", async () => {
  const chosen = await hashPassword("a password of my own");
  await db.account.update({ where: { id: (await accountOf("owner@sitecart.test")).id }, data: { passwordHash: chosen } });
  expect(await retirePublishedPasswords(db, DEMO_WEBSITE_ID)).toBe(DEMO_SIGN_INS.length - 1);
  expect((await accountOf("owner@sitecart.test")).passwordHash).toBe(chosen);
});
