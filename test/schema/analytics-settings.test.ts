// The owner's privacy and tracking settings over GraphQL (issue 11), and what the storefront learns
// with each page (`storefrontPage.tracking`): tracking on for the request, the cookie policy, the
// banner and the owner's pixel id. Signed-in contributors are not tracked, except viewer-only accounts.
import { startTestStore, type TestStore } from "../support/app.ts";
import { Caller, createRoleAccounts, PASSWORD, roleEmail, signedIn } from "../authz/principals.ts";

let store: TestStore;
let owner: Caller;

beforeAll(async () => {
  store = await startTestStore();
  owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
  await createRoleAccounts(store);
}, 60_000);
afterAll(() => store.close());

const READ = "{ analyticsSettings { cookieBannerEnabled cookiePolicy retentionDays retentionDaysMin retentionDaysMax } }";
const UPDATE = `mutation($input: UpdateAnalyticsSettingsInput!) { updateAnalyticsSettings(input: $input) {
  __typename ... on UpdateAnalyticsSettingsSuccess { analyticsSettings { cookieBannerEnabled cookiePolicy retentionDays } } ... on Error { message } } }`;
const PAGE = `{ storefrontPage(path: "/shop/") { tracking { cookiePolicy bannerEnabled pixelId websiteId } } }`;

const tracking = async (caller: { graphql: Caller["graphql"] }) => (await caller.graphql(PAGE)).data.storefrontPage.tracking;

it("reads the defaults: no banner, a permissive policy, 395 days", async () => {
  const result = await owner.graphql(READ);
  expect(result.data.analyticsSettings).toEqual({
    cookieBannerEnabled: false,
    cookiePolicy: "permissive",
    retentionDays: 395,
    retentionDaysMin: 30,
    retentionDaysMax: 1095,
  });
  expect(await tracking(await store.visitor().arrive())).toEqual({
    cookiePolicy: "permissive",
    bannerEnabled: false,
    pixelId: null,
    websiteId: "sitecart-demo",
  });
});

it("saves the banner, the policy and the retention, and the storefront follows at once", async () => {
  const saved = await owner.graphql(UPDATE, { input: { cookieBannerEnabled: true, cookiePolicy: "restrictive", retentionDays: 90 } });
  expect(saved.data.updateAnalyticsSettings).toEqual({
    __typename: "UpdateAnalyticsSettingsSuccess",
    analyticsSettings: { cookieBannerEnabled: true, cookiePolicy: "restrictive", retentionDays: 90 },
  });
  expect(await tracking(await store.visitor().arrive())).toMatchObject({ cookiePolicy: "restrictive", bannerEnabled: true });
  // Absent fields stay as they are.
  const partial = await owner.graphql(UPDATE, { input: { cookieBannerEnabled: false } });
  expect(partial.data.updateAnalyticsSettings.analyticsSettings).toEqual({ cookieBannerEnabled: false, cookiePolicy: "restrictive", retentionDays: 90 });
  await owner.graphql(UPDATE, { input: { cookiePolicy: "permissive", retentionDays: 395 } });
});

it("refuses an unknown cookie policy and a retention outside 30 to 1095 days, changing nothing", async () => {
  const before = (await owner.graphql(READ)).data.analyticsSettings;
  const badPolicy = await owner.graphql(UPDATE, { input: { cookiePolicy: "strict" } });
  expect(badPolicy.data.updateAnalyticsSettings).toEqual({ __typename: "InvalidInputError", message: "Choose a cookie policy: permissive or restrictive." });
  for (const days of [29, 1096, 0]) {
    const bad = await owner.graphql(UPDATE, { input: { retentionDays: days } });
    expect(bad.data.updateAnalyticsSettings).toEqual({ __typename: "InvalidInputError", message: "Keep events between 30 and 1095 days (a whole number)." });
  }
  expect((await owner.graphql(READ)).data.analyticsSettings).toEqual(before);
});

it("tells the storefront the owner's pixel id as soon as it is saved", async () => {
  await owner.graphql(`mutation { setPixelId(input: { pixelId: "1234567890" }) { __typename } }`);
  expect((await tracking(await store.visitor().arrive())).pixelId).toBe("1234567890");
  await owner.graphql(`mutation { setPixelId(input: { pixelId: "" }) { __typename } }`);
  expect((await tracking(await store.visitor().arrive())).pixelId).toBeNull();
});

it("does not track signed-in contributors, but does track viewer-only accounts and site members", async () => {
  expect(await tracking(owner)).toBeNull();
  // The storefront does not send the admin's xsrf token: the session cookie alone is enough here.
  expect(await tracking(owner.visitor)).toBeNull();
  const manager = await signedIn(store, "store manager", roleEmail(8), PASSWORD, 8);
  expect(await tracking(manager)).toBeNull();
  const viewer = await signedIn(store, "viewer", roleEmail(10), PASSWORD, 10);
  expect(await tracking(viewer)).toMatchObject({ cookiePolicy: "permissive" });
  const member = await signedIn(store, "member", "member@sitecart.test", "member-password", null);
  expect(await tracking(member)).toMatchObject({ cookiePolicy: "permissive" });
});
