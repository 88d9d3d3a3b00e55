// The products feed over HTTP (issue 10 item 7): the owner reads its URLs (a random token in each),
// the XML and the CSV list the visible products with absolute links and images (an uploaded image
// first), a made-up token is a 404, and a new token retires the old URLs at once.
import { startTestStore, type TestStore } from "../support/app.ts";
import { testImage } from "../support/images.ts";
import { Caller, signedIn } from "../authz/principals.ts";

let store: TestStore;
let owner: Caller;
beforeAll(async () => {
  store = await startTestStore();
  owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
}, 60_000);
afterAll(() => store.close());

const SETTINGS = "{ marketingSettings { pixelId feedXmlUrl feedCsvUrl } }";
const settings = async () => (await owner.graphql(SETTINGS)).data.marketingSettings;
/** The feed URL's path on the test server (the URLs are made with the configured public address). */
const onTestServer = (url: string) => store.baseUrl + new URL(url).pathname;

it("serves Google Merchant XML of the visible products, with absolute links and images", async () => {
  const mugId = await store.itemId("ceramic-mug");
  const image = await store.app.services.productImages.upload(mugId, await testImage(400, 300), { filename: "mug.jpg" });
  await store.db.product.updateMany({ where: { slug: "engraved-pen" }, data: { visible: false } });
  const { feedXmlUrl, feedCsvUrl } = await settings();
  expect(feedXmlUrl).toMatch(/^http:\/\/localhost:4000\/feeds\/[A-Za-z0-9_-]{32}\/products\.xml$/);
  expect(feedCsvUrl).toBe(feedXmlUrl.replace(/xml$/, "csv"));

  const response = await fetch(onTestServer(feedXmlUrl));
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  const xml = await response.text();
  const item = (id: string) => new RegExp(`<item>\\n      <g:id>${id}</g:id>[\\s\\S]*?</item>`).exec(xml)?.[0] ?? "";
  expect(item("MUG-1")).toContain("<title>Ceramic Mug</title>");
  expect(item("MUG-1")).toContain("<link>http://localhost:4000/shop/p/ceramic-mug</link>");
  expect(item("MUG-1")).toContain(`<g:image_link>http://localhost:4000/media/${image.key}/mug.jpg</g:image_link>`);
  expect(item("MUG-1")).toContain("<g:price>18.00 USD</g:price>");
  expect(item("MUG-1")).toContain("<g:availability>in_stock</g:availability>");
  expect(item("LINEN-L-BLUE")).toContain("<g:sale_price>39.00 USD</g:sale_price>");
  expect(item("TOTE-BLACK")).toContain("<g:availability>out_of_stock</g:availability>");
  expect(xml).not.toContain("PEN-BRASS"); // hidden
  expect(xml).not.toContain("Gift Card");
});

it("serves the same items as CSV", async () => {
  const { feedCsvUrl } = await settings();
  const response = await fetch(onTestServer(feedCsvUrl));
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  const lines = (await response.text()).trim().split("\r\n");
  expect(lines[0]).toBe("id,item_group_id,title,description,link,image_link,availability,price,sale_price");
  expect(lines.find((line) => line.includes("Recipe eBook"))).toMatch(/^P\d+,,Recipe eBook,.*,in_stock,12\.00 USD,9\.00 USD$/);
});

it("answers 404 to a made-up token, and to the old URLs once the token is regenerated", async () => {
  const before = await settings();
  expect((await fetch(`${store.baseUrl}/feeds/${"A".repeat(32)}/products.xml`)).status).toBe(404);
  const regenerated = await owner.graphql(
    "mutation { regenerateFeedToken(input: { confirm: true }) { __typename ... on RegenerateFeedTokenSuccess { marketing { feedXmlUrl } } } }",
  );
  const after = regenerated.data.regenerateFeedToken.marketing.feedXmlUrl;
  expect(after).not.toBe(before.feedXmlUrl);
  expect((await fetch(onTestServer(before.feedXmlUrl))).status).toBe(404);
  expect((await fetch(onTestServer(before.feedCsvUrl))).status).toBe(404);
  expect((await fetch(onTestServer(after))).status).toBe(200);
});

it("saves the pixel id, refusing one that is not 5 to 20 digits", async () => {
  const save = (pixelId: string) =>
    owner.graphql(
      `mutation($p: String!) { setPixelId(input: { pixelId: $p }) { __typename ... on SetPixelIdSuccess { marketing { pixelId } } ... on Error { message } } }`,
      { p: pixelId },
    );
  expect((await save("123456789012")).data.setPixelId).toEqual({ __typename: "SetPixelIdSuccess", marketing: { pixelId: "123456789012" } });
  expect((await save("12ab")).data.setPixelId).toEqual({ __typename: "InvalidInputError", message: "A pixel ID is 5 to 20 digits." });
  expect((await settings()).pixelId).toBe("123456789012");
  expect((await save("")).data.setPixelId.marketing.pixelId).toBeNull();
});
