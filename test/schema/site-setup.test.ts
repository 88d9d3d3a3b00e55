// The first owner's setup over GraphQL (issue 23): siteSetupLink says where a link stands;
// completeSiteSetup makes the owner with it, signs them in (cookies and xsrf token, as signIn) and
// answers its payload union: FormInvalidError per field, NotAllowedError for a used link.
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { issueSetupLink } from "../../server/services/site/site-setup.ts";
import { Caller } from "../authz/principals.ts";
import { startTestStore, type TestStore } from "../support/app.ts";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
  // The demo store without its admin: a site waiting for its first owner.
  await store.db.account.deleteMany({ where: { websiteId: DEMO_WEBSITE_ID, role: 1 } });
});
afterAll(() => store.close());

const LINK = `query($token: String!) { siteSetupLink(token: $token) { state email message } }`;
const COMPLETE = `mutation($input: CompleteSiteSetupInput!) { completeSiteSetup(input: $input) {
  __typename ... on Error { message code } ... on FormInvalidError { fieldErrors { fieldId message } } ... on CompleteSiteSetupSuccess { email xsrfToken } } }`;
const answers = { email: "first@example.com", password: "a-long-password", storeName: "First Shop", currency: "CAD", country: "CA" };

async function newToken(): Promise<string> {
  const { url } = await issueSetupLink(store.db, DEMO_WEBSITE_ID, { baseUrl: store.baseUrl });
  return new URL(url).searchParams.get("token")!;
}

it("answers a field's problem next to it and keeps the link usable", async () => {
  const token = await newToken();
  const visitor = await store.visitor().arrive();
  const { data } = await visitor.graphql(COMPLETE, { input: { token, ...answers, password: "short", country: "XX" } });
  expect(data.completeSiteSetup).toEqual({
    __typename: "FormInvalidError",
    code: "FORM_INVALID",
    message: "One or more fields is invalid, please check your entries.",
    fieldErrors: [
      { fieldId: "password", message: "Choose a password of at least 10 characters." },
      { fieldId: "country", message: "Choose one of the listed countries." },
    ],
  });
  expect((await visitor.graphql(LINK, { token })).data.siteSetupLink).toEqual({ state: "VALID", email: null, message: null });
});

it("makes the first owner, signs them in as signIn does, and the link then says it was used", async () => {
  const token = await newToken();
  const visitor = await store.visitor().arrive();
  const { data } = await visitor.graphql(COMPLETE, { input: { token, ...answers } });
  expect(data.completeSiteSetup).toEqual({ __typename: "CompleteSiteSetupSuccess", email: "first@example.com", xsrfToken: expect.any(String) });
  const owner = new Caller("owner", visitor, data.completeSiteSetup.xsrfToken, 1);
  const viewer = await owner.graphql(`{ viewer { signedIn email role } store { currency } }`);
  expect(viewer.data).toEqual({ viewer: { signedIn: true, email: "first@example.com", role: 1 }, store: { currency: "CAD" } });
  expect((await store.db.website.findUniqueOrThrow({ where: { id: DEMO_WEBSITE_ID } })).title).toBe("First Shop");

  const again = await store.visitor().arrive();
  expect((await again.graphql(LINK, { token })).data.siteSetupLink).toEqual({
    state: "USED",
    email: null,
    message: "This setup link was already used. Sign in instead.",
  });
  const second = await again.graphql(COMPLETE, { input: { token, ...answers, email: "intruder@example.com" } });
  expect(second.data.completeSiteSetup).toEqual({
    __typename: "NotAllowedError",
    code: expect.any(String),
    message: "This setup link was already used. Sign in instead.",
  });
});

it("says a link that is not one is not valid", async () => {
  const visitor = await store.visitor().arrive();
  expect((await visitor.graphql(LINK, { token: "not-a-token" })).data.siteSetupLink.state).toBe("INVALID");
});
