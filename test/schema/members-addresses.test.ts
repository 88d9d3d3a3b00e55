// The member's address book over GraphQL (issue 23): add, update and delete a saved address as the
// signed-in member; the checkout's field errors named `address.<field>`; the phone answered in E.164
// and formatted; another member's address not found; anonymous callers asked to sign in.
import { hashPassword } from "../../server/services/members/passwords.ts";
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { signedIn, type Caller } from "../authz/principals.ts";
import { startTestStore, type TestStore } from "../support/app.ts";
import { BERLIN_ADDRESS } from "../support/graphql.ts";

let store: TestStore;
let member: Caller;

beforeAll(async () => {
  store = await startTestStore();
  await store.db.account.create({ data: { websiteId: DEMO_WEBSITE_ID, email: "other@example.com", passwordHash: await hashPassword("other-password") } });
  member = await signedIn(store, "member", "member@sitecart.test", "member-password", null);
}, 60_000);
afterAll(() => store.close());

const SAVED = `savedAddress { id address { city country phone formattedPhone } }`;
const ADD = `mutation Add($input: AddSavedAddressInput!) { addSavedAddress(input: $input) { __typename
  ... on AddSavedAddressSuccess { ${SAVED} }
  ... on FormInvalidError { message fieldErrors { fieldId message } }
  ... on Error { message code } } }`;
const UPDATE = `mutation Update($input: UpdateSavedAddressInput!) { updateSavedAddress(input: $input) { __typename
  ... on UpdateSavedAddressSuccess { ${SAVED} }
  ... on Error { message code } } }`;
const DELETE = `mutation Delete($input: DeleteSavedAddressInput!) { deleteSavedAddress(input: $input) { __typename
  ... on DeleteSavedAddressSuccess { deletedId }
  ... on Error { message code } } }`;
const LIST = `{ savedAddresses { id address { city } } }`;

it("adds, updates and deletes the member's address, the phone stored in E.164 and shown formatted", async () => {
  const added = (await member.graphql(ADD, { input: { address: { ...BERLIN_ADDRESS, phone: ["030 1234567"] } } })).data.addSavedAddress;
  expect(added).toEqual({
    __typename: "AddSavedAddressSuccess",
    savedAddress: { id: expect.any(String), address: { city: "Berlin", country: "DE", phone: "+49301234567", formattedPhone: "+49 30 1234567" } },
  });
  const id = added.savedAddress.id;

  const moved = { ...BERLIN_ADDRESS, line1: "Karl-Marx-Allee 1", city: "Potsdam", postalCode: "14467", phone: ["+1 415 555 0100"] };
  const updated = (await member.graphql(UPDATE, { input: { savedAddressId: id, address: moved } })).data.updateSavedAddress;
  expect(updated.savedAddress).toEqual({ id, address: { city: "Potsdam", country: "DE", phone: "+14155550100", formattedPhone: "(415) 555-0100" } });
  expect((await member.graphql(LIST)).data.savedAddresses).toEqual([{ id, address: { city: "Potsdam" } }]);

  expect((await member.graphql(DELETE, { input: { savedAddressId: id } })).data.deleteSavedAddress).toEqual({
    __typename: "DeleteSavedAddressSuccess",
    deletedId: Number(id),
  });
  expect((await member.graphql(LIST)).data.savedAddresses).toEqual([]);
});

it("answers the checkout's field errors, each named on its field", async () => {
  const refused = (await member.graphql(ADD, { input: { address: { ...BERLIN_ADDRESS, city: "", phone: ["12"] } } })).data.addSavedAddress;
  expect(refused).toEqual({
    __typename: "FormInvalidError",
    message: "One or more fields is invalid, please check your entries.",
    code: "FORM_INVALID",
    fieldErrors: [
      { fieldId: "address.city", message: "Required" },
      { fieldId: "address.phone", message: "Please enter a valid phone number for Germany, or start it with + and the country code." },
    ],
  });
});

it("does not find another member's address", async () => {
  const other = await signedIn(store, "other", "other@example.com", "other-password", null);
  const theirs = (await other.graphql(ADD, { input: { address: BERLIN_ADDRESS } })).data.addSavedAddress.savedAddress.id;
  const notFound = { __typename: "NotFoundError", message: "We could not find this address in your account.", code: "NOT_FOUND" };
  expect((await member.graphql(UPDATE, { input: { savedAddressId: theirs, address: BERLIN_ADDRESS } })).data.updateSavedAddress).toEqual(notFound);
  expect((await member.graphql(DELETE, { input: { savedAddressId: theirs } })).data.deleteSavedAddress).toEqual(notFound);
  expect((await member.graphql(DELETE, { input: { savedAddressId: "not-an-id" } })).data.deleteSavedAddress).toEqual(notFound);
  expect((await other.graphql(LIST)).data.savedAddresses).toEqual([{ id: theirs, address: { city: "Berlin" } }]);
});

it("asks anonymous callers to sign in", async () => {
  const visitor = await store.visitor().arrive();
  for (const [document, input] of [
    [ADD, { address: BERLIN_ADDRESS }],
    [DELETE, { savedAddressId: "1" }],
  ] as const) {
    const answer = await visitor.graphql(document, { input });
    expect(answer.errors).toEqual([
      expect.objectContaining({ message: "Please sign in to continue.", extensions: expect.objectContaining({ code: "UNAUTHENTICATED" }) }),
    ]);
  }
});
