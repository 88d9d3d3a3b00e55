// The product images service on the demo store: uploads resized into the srcset widths (never
// upscaled), cleaned (auto-oriented, metadata stripped), refused when they are not an image the store
// takes or pass a limit; order, alt text and delete; and which file each media URL gets.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { createDemoStoreServices, type DemoStoreServices } from "../../support/services.ts";
import { animatedGif, describe as describeImage, orientedJpeg, pngClaiming, testImage } from "../../support/images.ts";

let store: DemoStoreServices;
let mediaDir: string;
let mugId: number;
const images = () => store.services.productImages;

beforeAll(async () => {
  mediaDir = mkdtempSync(join(tmpdir(), "sitecart-images-test-"));
  store = await createDemoStoreServices({ mediaDir });
  mugId = (await store.db.product.findFirstOrThrow({ where: { slug: "ceramic-mug" } })).id;
}, 60_000);

afterAll(async () => {
  await store.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

afterEach(async () => {
  for (const image of await images().list(mugId)) await images().delete(image.id);
  images().limits.maxBytes = 20 * 1024 * 1024;
  images().limits.maxPixels = 50_000_000;
});

const folderOf = (key: string) => join(mediaDir, "sitecart-demo", key);

async function refusal(bytes: Buffer): Promise<string> {
  try {
    await images().upload(mugId, bytes, { filename: "x.jpg" });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("the upload was accepted");
}

describe("resizing", () => {
  it("makes every srcset width not wider than the image, as WebP, and keeps the original's format and size", async () => {
    const image = await images().upload(mugId, await testImage(1200, 800, "jpeg"), { filename: "Blue Mug.JPG" });
    expect(image).toMatchObject({ width: 1200, height: 800, contentType: "image/jpeg", filename: "blue-mug.jpg", position: 0 });
    expect(JSON.parse(image.widths)).toEqual([100, 300, 500, 750, 1000]);
    expect(readdirSync(folderOf(image.key)).sort()).toEqual(["1000w.webp", "100w.webp", "300w.webp", "500w.webp", "750w.webp", "original.jpg"]);
    for (const width of [100, 300, 500, 750, 1000]) {
      const file = await describeImage(readFileSync(join(folderOf(image.key), `${width}w.webp`)));
      expect(file).toMatchObject({ width, height: Math.round((800 * width) / 1200), format: "webp" });
    }
    expect(await describeImage(readFileSync(join(folderOf(image.key), "original.jpg")))).toMatchObject({ width: 1200, height: 800, format: "jpeg" });
  });

  it("makes all seven widths for an image of 2500 pixels or more", async () => {
    const image = await images().upload(mugId, await testImage(2600, 100, "png"));
    expect(JSON.parse(image.widths)).toEqual([100, 300, 500, 750, 1000, 1500, 2500]);
  });

  it("never upscales: an image narrower than 100 pixels gets no widths, and every width request gets the original", async () => {
    const image = await images().upload(mugId, await testImage(80, 60, "png"), { filename: "tiny.png" });
    expect(JSON.parse(image.widths)).toEqual([]);
    expect(readdirSync(folderOf(image.key))).toEqual(["original.png"]);
    const file = await images().media(image.key, "tiny.png", "300w");
    expect(file).toMatchObject({ contentType: "image/png", etag: `"${image.key}-original"` });
    expect(await describeImage(readFileSync(file!.path))).toMatchObject({ width: 80, height: 60 });
  });

  it("turns an image stored sideways upright and strips its metadata (EXIF, orientation)", async () => {
    const upload = await orientedJpeg(300, 200);
    expect(await describeImage(upload)).toMatchObject({ exif: true, orientation: 6 });
    const image = await images().upload(mugId, upload);
    expect(image).toMatchObject({ width: 200, height: 300 });
    const original = readFileSync(join(folderOf(image.key), "original.jpg"));
    expect(await describeImage(original)).toMatchObject({ width: 200, height: 300, exif: false, orientation: null });
    expect(original.includes(Buffer.from("Secret Owner"))).toBe(false);
    expect(await describeImage(readFileSync(join(folderOf(image.key), "100w.webp")))).toMatchObject({ width: 100, height: 150, exif: false });
  });

  it("keeps an animated GIF's frames in its resized widths", async () => {
    const image = await images().upload(mugId, await animatedGif(320, 240), { filename: "spin.gif" });
    expect(image).toMatchObject({ width: 320, height: 240, contentType: "image/gif", filename: "spin.gif" });
    expect(JSON.parse(image.widths)).toEqual([100, 300]);
    expect(await describeImage(readFileSync(join(folderOf(image.key), "300w.webp")))).toMatchObject({ width: 300, height: 225, pages: 2 });
  });

  it("takes WebP uploads", async () => {
    const image = await images().upload(mugId, await testImage(400, 400, "webp"), { filename: "square" });
    expect(image).toMatchObject({ contentType: "image/webp", filename: "square.webp" });
    expect(JSON.parse(image.widths)).toEqual([100, 300]);
  });
});

describe("refusals", () => {
  it("refuses what is not a JPEG, PNG, WebP or GIF by its bytes, whatever its name", async () => {
    const message = "Only JPEG, PNG, WebP and GIF images can be uploaded.";
    expect(await refusal(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBe(message);
    expect(
      await refusal(
        await sharp({ create: { width: 20, height: 20, channels: 3, background: "#000" } })
          .tiff()
          .toBuffer(),
      ),
    ).toBe(message);
    expect(await refusal(Buffer.from("%PDF-1.7 not an image"))).toBe(message);
  });

  it("refuses an empty upload", async () => {
    expect(await refusal(Buffer.alloc(0))).toBe("Choose an image to upload.");
  });

  it("refuses a file over the size limit before decoding it", async () => {
    images().limits.maxBytes = 512 * 1024;
    const big = Buffer.concat([await testImage(10, 10), Buffer.alloc(600 * 1024)]);
    expect(await refusal(big)).toBe("The image is too large: at most 0.5 MB.");
  });

  it("refuses an image with more pixels than the limit, even one whose header only claims them", async () => {
    expect(await refusal(await pngClaiming(20_000, 20_000))).toBe("The image has too many pixels: at most 50 megapixels.");
    images().limits.maxPixels = 10_000;
    expect(await refusal(await testImage(200, 200, "png"))).toBe("The image has too many pixels: at most 0.01 megapixels.");
    expect(await images().upload(mugId, await testImage(100, 100, "png"))).toMatchObject({ width: 100 });
  });

  it("refuses a damaged image", async () => {
    const jpeg = await testImage(300, 300, "jpeg");
    expect(await refusal(Buffer.concat([jpeg.subarray(0, 20), Buffer.alloc(200, 7)]))).toBe("The image could not be read. It may be damaged.");
  });

  it("refuses alt text over 250 characters and an unknown product", async () => {
    await expect(images().upload(mugId, await testImage(10, 10), { altText: "a".repeat(251) })).rejects.toThrow("Alt text can be at most 250 characters.");
    await expect(images().upload(999_999, await testImage(10, 10))).rejects.toThrow("That product could not be found.");
  });

  it("leaves no files behind a refused upload", async () => {
    images().limits.maxPixels = 10_000;
    await refusal(await testImage(200, 200, "png"));
    expect(readdirSync(mediaDir).flatMap((site) => readdirSync(join(mediaDir, site)))).toEqual([]);
  });
});

describe("order, alt text and delete", () => {
  it("adds images at the end, reorders them as told, and refuses an order that does not list each once", async () => {
    const [a, b, c] = [
      await images().upload(mugId, await testImage(10, 10)),
      await images().upload(mugId, await testImage(11, 10)),
      await images().upload(mugId, await testImage(12, 10)),
    ];
    expect([a.position, b.position, c.position]).toEqual([0, 1, 2]);
    await images().reorder(mugId, [c.id, a.id, b.id]);
    expect((await images().list(mugId)).map(({ id, position }) => [id, position])).toEqual([
      [c.id, 0],
      [a.id, 1],
      [b.id, 2],
    ]);
    for (const order of [
      [c.id, a.id],
      [c.id, a.id, a.id],
      [c.id, a.id, b.id, 999],
    ]) {
      await expect(images().reorder(mugId, order)).rejects.toThrow("List every image of the product exactly once.");
    }
  });

  it("saves alt text trimmed, and empties it", async () => {
    const image = await images().upload(mugId, await testImage(10, 10), { altText: "  A white mug  " });
    expect(image.altText).toBe("A white mug");
    expect((await images().updateAltText(image.id, "A   mug\non a table")).altText).toBe("A mug on a table");
    expect((await images().updateAltText(image.id, "")).altText).toBe("");
    await expect(images().updateAltText(image.id, "x".repeat(251))).rejects.toThrow("Alt text can be at most 250 characters.");
    await expect(images().updateAltText(999_999, "x")).rejects.toThrow("That image could not be found.");
  });

  it("deletes an image with its files; the images after it move up", async () => {
    const [a, b, c] = [
      await images().upload(mugId, await testImage(400, 10)),
      await images().upload(mugId, await testImage(10, 10)),
      await images().upload(mugId, await testImage(12, 10)),
    ];
    expect(existsSync(folderOf(a.key))).toBe(true);
    await images().delete(a.id);
    expect(existsSync(folderOf(a.key))).toBe(false);
    expect(await images().media(a.key, a.filename, "300w")).toBeNull();
    expect((await images().list(mugId)).map(({ id, position }) => [id, position])).toEqual([
      [b.id, 0],
      [c.id, 1],
    ]);
    await expect(images().delete(a.id)).rejects.toThrow("That image could not be found.");
  });
});

describe("media files", () => {
  it("serves the width asked for, the next one up for a width not made, and the original past the largest", async () => {
    const image = await images().upload(mugId, await testImage(800, 400), { filename: "mug.jpg" });
    const file = (format: string | null) =>
      images()
        .media(image.key, "mug.jpg", format)
        .then((found) => found && found.path.split("/").pop());
    expect(await file("500w")).toBe("500w.webp");
    expect(await file("100w")).toBe("100w.webp");
    expect(await file("600w")).toBe("750w.webp");
    expect(await file("1000w")).toBe("original.jpg");
    expect(await file("2500w")).toBe("original.jpg");
    expect(await file("original")).toBe("original.jpg");
    expect(await file(null)).toBe("original.jpg");
    expect(await file("large")).toBeNull();
    expect(await images().media(image.key, "other.jpg", "500w")).toBeNull();
    expect(await images().media("0".repeat(24), "mug.jpg", "500w")).toBeNull();
    expect(await images().media("../../etc", "passwd", null)).toBeNull();
    expect(await images().media(image.key, "mug.jpg", "500w")).toMatchObject({ contentType: "image/webp", etag: `"${image.key}-500w"` });
  });
});
