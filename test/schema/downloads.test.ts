// Digital delivery over GraphQL (issue 23): the owner's files and links on the product (hidden from
// shoppers), the add/rename/remove payloads and errors, and `Order.downloads` for whoever holds the order.
import { startTestStore, type TestStore } from "../support/app.ts";
import { Caller, signedIn } from "../authz/principals.ts";
import { newVisitor } from "../support/two-sites.ts";

let store: TestStore;
let owner: Caller;
let ebookId: number;

beforeAll(async () => {
  store = await startTestStore();
  owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
  ebookId = await store.itemId("recipe-ebook");
}, 60_000);
afterAll(() => store.close());

const ERR = "__typename ... on Error { message code }";

it("lets the owner add, rename and remove a link, answering refusals as error payloads", async () => {
  const added = await owner.graphql(
    `mutation { addDigitalLink(input: { productId: "${ebookId}", name: "Lesson", url: "https://video.example.com/1" }) { ${ERR} ... on AddDigitalLinkSuccess { file { fileId name kind url } files { name } } } }`,
  );
  expect(added.errors).toBeUndefined();
  const { file, files } = added.data.addDigitalLink;
  expect(file).toMatchObject({ name: "Lesson", kind: "LINK", url: "https://video.example.com/1" });
  expect(files).toEqual([{ name: "Lesson" }]);

  const bad = await owner.graphql(`mutation { addDigitalLink(input: { productId: "${ebookId}", name: "X", url: "ftp://x" }) { ${ERR} } }`);
  expect(bad.data.addDigitalLink).toEqual({
    __typename: "InvalidInputError",
    message: "Enter a link starting with https:// or http://.",
    code: "INVALID_INPUT",
  });

  const renamed = await owner.graphql(
    `mutation { renameDigitalFile(input: { fileId: "${file.fileId}", name: "Lesson 1" }) { ${ERR} ... on RenameDigitalFileSuccess { file { name } } } }`,
  );
  expect(renamed.data.renameDigitalFile.file).toEqual({ name: "Lesson 1" });

  // Shoppers never see the files or the link's address.
  const shopper = await store.visitor().graphql(`query { product(slug: "recipe-ebook") { digitalFiles { url } } }`);
  expect(shopper.data?.product?.digitalFiles ?? null).toBeNull();

  const removed = await owner.graphql(
    `mutation { removeDigitalFile(input: { fileId: "${file.fileId}" }) { ${ERR} ... on RemoveDigitalFileSuccess { files { name } } } }`,
  );
  expect(removed.data.removeDigitalFile.files).toEqual([]);
  const again = await owner.graphql(`mutation { removeDigitalFile(input: { fileId: "${file.fileId}" }) { ${ERR} } }`);
  expect(again.data.removeDigitalFile).toMatchObject({ __typename: "NotFoundError", message: "This file was not found: it may have been removed." });
});

it("shows whoever holds the order its downloads with the count, and the owner renews them", async () => {
  await store.app.services.downloads.files.upload(ebookId, "book.pdf", Buffer.from("%PDF-1.7 x"));
  const visitor = newVisitor();
  const { cartToken } = await store.app.services.carts.addEntry(visitor, { itemId: ebookId, quantity: 1 });
  const result = await store.app.services.checkout.checkout({ ...visitor, cartToken }, { email: "ann@example.com" });
  if (!("order" in result)) throw new Error("expected an order");
  const query = `query { order(orderId: "${result.order.id}") { downloads { name kind url downloadCount downloadLimit state } } }`;
  const { data } = await store.visitor().graphql(query);
  expect(data.order.downloads).toEqual([
    { name: "book.pdf", kind: "FILE", url: expect.stringMatching(/^\/downloads\/[\w-]+\.[\w-]+$/), downloadCount: 0, downloadLimit: 5, state: "AVAILABLE" },
  ]);

  await fetch(`${store.baseUrl}${data.order.downloads[0].url}`).then((response) => response.arrayBuffer());
  expect((await store.visitor().graphql(query)).data.order.downloads[0].downloadCount).toBe(1);
  const renewed = await owner.graphql(
    `mutation { renewOrderDownloads(input: { orderId: "${result.order.id}" }) { ${ERR} ... on RenewOrderDownloadsSuccess { downloads { downloadCount state } } } }`,
  );
  expect(renewed.data.renewOrderDownloads.downloads).toEqual([{ downloadCount: 0, state: "AVAILABLE" }]);
});
