// The owner's image upload over HTTP and the media URLs it answers: who may upload (session cookie,
// X-SiteUser-XSRF-Token, crumb, products.write), what is refused and with which status, the rate
// limit, and how /media/ serves the widths (immutable caching, ETag, 404).
import { startTestStore, type TestStore } from "../support/app.ts";
import { Caller, signedIn } from "../authz/principals.ts";
import { imagesPath, pngClaiming, postImage, testImage } from "../support/images.ts";
import { CRUMB_FAIL } from "./helpers.ts";

let store: TestStore;
let owner: Caller;
let mugId: number;

beforeAll(async () => {
  store = await startTestStore();
  owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
  mugId = await store.itemId("ceramic-mug");
}, 60_000);
afterAll(() => store.close());

const upload = (caller: Caller, bytes: Buffer, options: Parameters<typeof postImage>[4] = {}, path = imagesPath(mugId)) =>
  postImage(caller.visitor, caller.xsrfToken, path, bytes, options);
const imageCount = () => store.db.productImage.count();

describe("POST …/products/:productId/images", () => {
  it("stores the owner's image and answers it with its URL, widths and srcset (201)", async () => {
    const response = await upload(owner, await testImage(640, 480, "png"), { query: { filename: "Mug on a Table.png", altText: "A mug on a table" } });
    expect(response.status).toBe(201);
    const { image } = response.body;
    expect(image).toMatchObject({
      productId: mugId,
      altText: "A mug on a table",
      width: 640,
      height: 480,
      contentType: "image/png",
      widths: [100, 300, 500],
      position: 0,
    });
    expect(image.url).toMatch(/^\/media\/[0-9a-f]{24}\/mug-on-a-table\.png$/);
    expect(image.srcset).toBe(`${image.url}?format=100w 100w, ${image.url}?format=300w 300w, ${image.url}?format=500w 500w, ${image.url}?format=original 640w`);
  });

  it("ignores the Content-Type header: the bytes say what the file is", async () => {
    const response = await upload(owner, Buffer.from("GIF89a is not enough"), { headers: { "content-type": "image/jpeg" } });
    expect(response.status).toBe(422);
    const text = await upload(owner, Buffer.from("hello"), { headers: { "content-type": "image/png" } });
    expect(text).toMatchObject({ status: 415, body: { error: "Only JPEG, PNG, WebP and GIF images can be uploaded.", code: "UNSUPPORTED_TYPE" } });
  });

  it("refuses an image over the size limit with 413 before reading it all, and one with too many pixels with 422", async () => {
    const before = await imageCount();
    store.app.services.productImages.limits.maxBytes = 256 * 1024;
    try {
      const big = await upload(owner, Buffer.concat([await testImage(10, 10), Buffer.alloc(300 * 1024)]));
      expect(big).toMatchObject({ status: 413, body: { error: "The image is too large: at most 0.25 MB.", code: "TOO_LARGE" } });
    } finally {
      store.app.services.productImages.limits.maxBytes = 20 * 1024 * 1024;
    }
    const bomb = await upload(owner, await pngClaiming(30_000, 30_000));
    expect(bomb).toMatchObject({ status: 422, body: { error: "The image has too many pixels: at most 50 megapixels.", code: "TOO_MANY_PIXELS" } });
    expect(await imageCount()).toBe(before);
  });

  it("answers 404 for an unknown product or another site", async () => {
    const image = await testImage(20, 20);
    expect(await upload(owner, image, {}, imagesPath(999_999))).toMatchObject({ status: 404, body: { error: "That product could not be found." } });
    expect(await upload(owner, image, {}, imagesPath(mugId, "another-site"))).toMatchObject({ status: 404 });
    expect(await upload(owner, image, {}, imagesPath("mug"))).toMatchObject({ status: 404 });
  });

  it("needs a signed-in owner with products.write, the session's XSRF header and the crumb", async () => {
    const before = await imageCount();
    const image = await testImage(20, 20);
    const anonymous = new Caller("anonymous", await store.visitor().arrive(), null, "anonymous");
    expect(await upload(anonymous, image)).toMatchObject({ status: 401, body: { error: "Please sign in to continue." } });
    const member = await signedIn(store, "member", "member@sitecart.test", "member-password", null);
    expect(await upload(member, image)).toMatchObject({ status: 403, body: { error: "You do not have permission to do that." } });
    // The session cookie without its XSRF header is not the owner.
    expect(await postImage(owner.visitor, null, imagesPath(mugId), image)).toMatchObject({ status: 401 });
    expect(await upload(owner, image, { crumb: false })).toMatchObject({ status: 403, body: CRUMB_FAIL });
    expect(await imageCount()).toBe(before);
  });
});

describe("GET /media/<key>/<filename>", () => {
  let url: string;
  beforeAll(async () => {
    url = (await upload(owner, await testImage(800, 600), { query: { filename: "served.jpg" } })).body.image.url;
  });

  it("serves each width as WebP and the original in its own type, cached for a year as immutable, with an ETag", async () => {
    const visitor = store.visitor();
    const width = await fetch(`${visitor.baseUrl}${url}?format=300w`);
    expect(width.status).toBe(200);
    expect(width.headers.get("content-type")).toBe("image/webp");
    expect(width.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = width.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{24}-300w"$/);
    expect(Number(width.headers.get("content-length"))).toBe((await width.arrayBuffer()).byteLength);
    const original = await fetch(`${visitor.baseUrl}${url}?format=original`);
    expect(original.headers.get("content-type")).toBe("image/jpeg");
    expect(original.headers.get("etag")).not.toBe(etag);
    const again = await fetch(`${visitor.baseUrl}${url}?format=300w`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    const head = await fetch(`${visitor.baseUrl}${url}?format=500w`, { method: "HEAD" });
    expect(head.status).toBe(200);
  });

  it("answers 404 for an unknown image, another file name or a format it does not know", async () => {
    const base = store.visitor().baseUrl;
    for (const path of [`/media/${"a".repeat(24)}/served.jpg`, url.replace("served", "other"), `${url}?format=huge`, "/media/nothing"]) {
      const response = await fetch(base + path);
      expect([path, response.status]).toEqual([path, 404]);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
  });
});

describe("rate limit", () => {
  it("spends the visitor's budget of state-changing calls", async () => {
    const limited = await startTestStore({ config: { rateLimit: { burst: 2, perSecond: 0.001 } } });
    try {
      const caller = await signedIn(limited, "owner", "owner@sitecart.test", "owner-password", 1);
      const mug = await limited.itemId("ceramic-mug");
      const statuses = [];
      for (let attempt = 0; attempt < 3; attempt++)
        statuses.push((await postImage(caller.visitor, caller.xsrfToken, imagesPath(mug), await testImage(20, 20))).status);
      expect(statuses).toContain(429);
    } finally {
      await limited.close();
    }
  });
});
