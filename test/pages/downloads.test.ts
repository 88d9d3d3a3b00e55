// GET/HEAD /downloads/<token> (issue 23): the file streamed with its name and type, Range requests
// (206, suffix, 416) that do not count again, HEAD, an external link's 302, and the page of a link that
// no longer delivers (an HTML page saying why and how to get a new link).
import { startTestStore, type TestStore } from "../support/app.ts";
import { newVisitor } from "../support/two-sites.ts";

let store: TestStore;
const BYTES = Buffer.from("%PDF-1.7\n" + "0123456789".repeat(10));
let filePath: string;
let linkPath: string;
let orderId: string;

beforeAll(async () => {
  store = await startTestStore();
  const ebookId = await store.itemId("recipe-ebook");
  await store.app.services.downloads.files.upload(ebookId, "Café – recettes.pdf", BYTES);
  await store.app.services.downloads.files.addLink(ebookId, "Lesson", "https://video.example.com/lesson");
  const visitor = newVisitor();
  const { cartToken } = await store.app.services.carts.addEntry(visitor, { itemId: ebookId, quantity: 1 });
  const result = await store.app.services.checkout.checkout({ ...visitor, cartToken }, { email: "ann@example.com" });
  if (!("order" in result)) throw new Error("expected an order");
  orderId = result.order.id;
  const [file, link] = await store.app.services.downloads.grants.forOrder(orderId);
  filePath = file.path;
  linkPath = link.path;
}, 60_000);
afterAll(() => store.close());

const count = async () => (await store.app.services.downloads.grants.forOrder(orderId))[0].downloadCount;
const get = (path: string, headers: Record<string, string> = {}, method = "GET") => fetch(`${store.baseUrl}${path}`, { method, headers, redirect: "manual" });

it("serves the file as an attachment with its UTF-8 name, type and private headers, and counts it", async () => {
  const response = await get(filePath);
  expect(response.status).toBe(200);
  expect(
    Object.fromEntries(
      ["content-type", "content-length", "content-disposition", "cache-control", "x-content-type-options", "accept-ranges"].map((h) => [
        h,
        response.headers.get(h),
      ]),
    ),
  ).toEqual({
    "content-type": "application/pdf",
    "content-length": String(BYTES.length),
    "content-disposition": `attachment; filename="Café ? recettes.pdf"; filename*=UTF-8''Caf%C3%A9%20%E2%80%93%20recettes.pdf`,
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
    "accept-ranges": "bytes",
  });
  expect(Buffer.from(await response.arrayBuffer())).toEqual(BYTES);
  expect(await count()).toBe(1);
});

it("answers Range: bytes=0-9 with 206 and 10 bytes (a new download), a later range without counting", async () => {
  const before = await count();
  const first = await get(filePath, { range: "bytes=0-9" });
  expect(first.status).toBe(206);
  expect(first.headers.get("content-range")).toBe(`bytes 0-9/${BYTES.length}`);
  expect(first.headers.get("content-length")).toBe("10");
  expect(Buffer.from(await first.arrayBuffer())).toEqual(BYTES.subarray(0, 10));
  expect(await count()).toBe(before + 1);

  const rest = await get(filePath, { range: "bytes=10-" });
  expect(rest.status).toBe(206);
  expect(Buffer.from(await rest.arrayBuffer())).toEqual(BYTES.subarray(10));
  expect(await count()).toBe(before + 1);
});

it("answers a suffix range with the last bytes, and 416 for a range past the end", async () => {
  const suffix = await get(filePath, { range: "bytes=-5" });
  expect(suffix.status).toBe(206);
  expect(suffix.headers.get("content-range")).toBe(`bytes ${BYTES.length - 5}-${BYTES.length - 1}/${BYTES.length}`);
  expect(Buffer.from(await suffix.arrayBuffer())).toEqual(BYTES.subarray(-5));

  const beyond = await get(filePath, { range: `bytes=${BYTES.length}-` });
  expect(beyond.status).toBe(416);
  expect(beyond.headers.get("content-range")).toBe(`bytes */${BYTES.length}`);
});

it("answers HEAD with the headers and no body, without counting", async () => {
  const before = await count();
  const response = await get(filePath, {}, "HEAD");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-length")).toBe(String(BYTES.length));
  expect(await response.text()).toBe("");
  expect(await count()).toBe(before);
});

it("redirects an external link's grant after the same checks", async () => {
  const response = await get(linkPath);
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("https://video.example.com/lesson");
});

it("answers a used-up link with a page saying so, and a forged one with not found", async () => {
  const [grantId] = filePath.replace("/downloads/", "").split(".");
  await store.db.downloadGrant.update({ where: { id: grantId }, data: { downloadCount: 5 } });
  const used = await get(filePath);
  expect(used.status).toBe(403);
  expect(used.headers.get("content-type")).toBe("text/html; charset=utf-8");
  const html = await used.text();
  expect(html).toContain("<h1>This download link has been used up</h1>");
  expect(html).toContain("This link has been used for its 5 downloads. To get a new link, contact");
  expect(html).toContain('<a href="/contact">Contact the store</a>');

  const forged = await get(`/downloads/${grantId}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`);
  expect(forged.status).toBe(404);
  expect(await forged.text()).toContain("This download link is not valid");
});

it("answers an expired link with 410 and how to get a new one", async () => {
  const [grantId] = filePath.replace("/downloads/", "").split(".");
  await store.db.downloadGrant.update({ where: { id: grantId }, data: { downloadCount: 0, expiresAt: new Date(Date.now() - 1000) } });
  const response = await get(filePath);
  expect(response.status).toBe(410);
  const html = await response.text();
  expect(html).toContain("<h1>This download link has expired</h1>");
  expect(html).toMatch(/Download links work for a limited time after the order\. To get a new link, contact .+ and give your order number, #\d+\./);
});
