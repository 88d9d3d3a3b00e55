// State for the people operations of the authorization matrix: pools of contributors to remove and
// invitations to withdraw, made before the first call (so a refused call's probe sees no change),
// and the probes that show what each operation would change.
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { store } from "./owner-operations-setup.ts";

const POOL = 16;
let pooled = false;
let taken = 0;

async function ensurePools() {
  if (pooled) return;
  pooled = true;
  for (let index = 0; index < POOL; index++) {
    await store.db.account.create({
      data: { websiteId: DEMO_WEBSITE_ID, email: `authz-remove-${index}@example.com`, passwordHash: "x", role: 4 },
    });
    await store.db.contributorInvitation.create({
      data: {
        id: `authz-revoke-${index}`,
        websiteId: DEMO_WEBSITE_ID,
        email: `authz-revoke-${index}@example.com`,
        role: 4,
        tokenHash: `authz-revoke-${index}`,
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
  }
  await store.db.account.create({ data: { websiteId: DEMO_WEBSITE_ID, email: "authz-role@example.com", passwordHash: "x", role: 4 } });
}

/** A pooled contributor's account id and a pooled invitation's id, new on each call. */
export async function nextPooled(): Promise<{ accountId: number; invitationId: string }> {
  await ensurePools();
  const index = taken++ % POOL;
  const account = await store.db.account.findFirstOrThrow({ where: { email: `authz-remove-${index}@example.com` }, select: { id: true } });
  return { accountId: account.id, invitationId: `authz-revoke-${index}` };
}

export async function roleTarget(): Promise<{ id: number; role: number | null }> {
  await ensurePools();
  return store.db.account.findFirstOrThrow({ where: { email: "authz-role@example.com" }, select: { id: true, role: true } });
}

/** Every contributor's role and every invitation: what the people operations change. */
export async function people() {
  await ensurePools();
  return {
    accounts: await store.db.account.findMany({ where: { role: { not: null } }, orderBy: { id: "asc" }, select: { id: true, role: true } }),
    invitations: await store.db.contributorInvitation.findMany({ orderBy: { id: "asc" }, select: { id: true, email: true, role: true, tokenHash: true } }),
  };
}
