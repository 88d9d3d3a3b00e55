// The site's plan for its contributors (issue 21): `sitePlan` per status (the notice the admin's
// banner shows, whether checkout is open, which upgrade link of platform-support §2), who may read it,
// and an expired site's owners still signing in (the admin document and both sign-in calls answer
// while the storefront shows its unavailable page).
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { ALL_ROLES } from "../../server/domain/members/permissions.ts";
import { SITE_STATUS } from "../../server/domain/site/site-status.ts";
import { allPrincipals, signedIn, type Caller } from "../authz/principals.ts";
import { startTestStore, type TestStore } from "../support/app.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const SITE_PLAN = `query { sitePlan { status notice { kind daysLeft graceDaysLeft } takesOrders upgradeUrl contact contactUrl } }`;
const UPGRADE = "/config/settings/billing/upgrade";
const SUBSCRIPTIONS = "/config/settings/billing/subscriptions";

let store: TestStore;
let owner: Caller;

beforeAll(async () => {
  store = await startTestStore();
  owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
}, 60_000);
afterAll(() => store.close());
afterEach(() => setPlan({ status: SITE_STATUS.paid }));

const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);

async function setPlan(plan: { status: number; statusChangedAt?: Date; trialEndsAt?: Date | null }) {
  await store.db.website.update({
    where: { id: DEMO_WEBSITE_ID },
    data: { status: plan.status, statusChangedAt: plan.statusChangedAt ?? new Date(), trialEndsAt: plan.trialEndsAt ?? null },
  });
  store.app.sites.directory.forget();
}

const sitePlan = async (caller: Caller) => {
  const result = await caller.graphql(SITE_PLAN);
  expect(result.errors).toBeUndefined();
  return result.data.sitePlan;
};

const open = { notice: null, takesOrders: true, upgradeUrl: SUBSCRIPTIONS };
const expiredNotice = { kind: "EXPIRED", daysLeft: null, graceDaysLeft: null };

it.each([
  [
    "a trial with 5 days left: its days and the trial upgrade link",
    { status: SITE_STATUS.trial, trialEndsAt: daysFromNow(5) },
    {
      status: "TRIAL",
      notice: { kind: "TRIAL", daysLeft: 5, graceDaysLeft: null },
      takesOrders: true,
      upgradeUrl: UPGRADE,
    },
  ],
  [
    "a trial ending in under a day: 1 day left",
    { status: SITE_STATUS.trial, trialEndsAt: daysFromNow(0.25) },
    {
      status: "TRIAL",
      notice: { kind: "TRIAL", daysLeft: 1, graceDaysLeft: null },
      takesOrders: true,
      upgradeUrl: UPGRADE,
    },
  ],
  [
    "an ended trial: closed, still the trial upgrade link",
    { status: SITE_STATUS.trial, trialEndsAt: daysFromNow(-1) },
    {
      status: "TRIAL",
      notice: expiredNotice,
      takesOrders: false,
      upgradeUrl: UPGRADE,
    },
  ],
  [
    "past due for 3 days: 11 days of grace left and the plan link",
    { status: SITE_STATUS.pastDue, statusChangedAt: daysFromNow(-3) },
    {
      status: "PAST_DUE",
      notice: { kind: "PAST_DUE", daysLeft: null, graceDaysLeft: 11 },
      takesOrders: true,
      upgradeUrl: SUBSCRIPTIONS,
    },
  ],
  [
    "past due beyond its grace: closed",
    { status: SITE_STATUS.pastDue, statusChangedAt: daysFromNow(-14.5) },
    {
      status: "PAST_DUE",
      notice: expiredNotice,
      takesOrders: false,
      upgradeUrl: SUBSCRIPTIONS,
    },
  ],
  [
    "expired: closed, and the plan link to re-activate",
    { status: SITE_STATUS.expired },
    { status: "EXPIRED", notice: expiredNotice, takesOrders: false, upgradeUrl: SUBSCRIPTIONS },
  ],
  ["an unknown status (12): no name, closed", { status: 12 }, { status: null, notice: expiredNotice, takesOrders: false, upgradeUrl: SUBSCRIPTIONS }],
  ["paid: no notice", { status: SITE_STATUS.paid }, { status: "PAID", ...open }],
  ["comped: no notice", { status: SITE_STATUS.comped }, { status: "COMPED", ...open }],
  ["internal: no notice", { status: SITE_STATUS.internal }, { status: "INTERNAL", ...open }],
  ["beta: no notice", { status: SITE_STATUS.beta }, { status: "BETA", ...open }],
])("%s", async (_name, plan, expected) => {
  await setPlan(plan);
  expect(await sitePlan(owner)).toEqual({ ...expected, contact: null, contactUrl: null });
});

it("is read by every contributor role and by nobody else (anonymous and members get null, not an error)", async () => {
  await setPlan({ status: SITE_STATUS.trial, trialEndsAt: daysFromNow(3) });
  const principals = await allPrincipals(store);
  const answers = Object.fromEntries(await Promise.all(principals.map(async (caller) => [caller.label, (await sitePlan(caller))?.status ?? null])));
  expect(Object.values(answers).filter((status) => status === "TRIAL")).toHaveLength(ALL_ROLES.length);
  expect(answers["anonymous"]).toBeNull();
  expect(answers["site member"]).toBeNull();
});

describe("an expired site's owners", () => {
  beforeEach(() => setPlan({ status: SITE_STATUS.expired }));

  it("reach the admin document while the storefront answers its unavailable page", async () => {
    const visitor = store.visitor();
    expect((await visitor.request("GET", "/")).status).toBe(503);
    const admin = await visitor.request("GET", "/config");
    expect(admin.status).toBe(200);
    expect(admin.headers.get("content-type")).toContain("text/html");
  });

  it("sign in through the admin's REST call and the GraphQL signIn mutation, and read the expired plan", async () => {
    const rest = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
    expect((await sitePlan(rest)).notice).toEqual(expiredNotice);
    const visitor = await store.visitor().arrive();
    const signIn = await visitor.graphql(`mutation SignIn($input: SignInInput!) { signIn(input: $input) { __typename ... on SignInSuccess { xsrfToken } } }`, {
      input: { email: "owner@sitecart.test", password: "owner-password" },
    });
    expect(signIn.data.signIn.__typename).toBe("SignInSuccess");
    const plan = await visitor.graphql(SITE_PLAN, undefined, { "x-siteuser-xsrf-token": signIn.data.signIn.xsrfToken });
    expect(plan.data.sitePlan).toMatchObject({ status: "EXPIRED", takesOrders: false });
  });
});
