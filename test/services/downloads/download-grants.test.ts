// Digital goods deliver (issue 23): a placed order grants each digital line its files and links; a link
// is signed for its site, expires (24 h by default, the store's setting), counts its downloads (5 by
// default), is renewed by the owner, and stops when the order is cancelled or refunded.
import { createTwoSiteServices, lastEmail, newVisitor, SITE_A, SITE_B, type TwoSiteServices } from "../../support/two-sites.ts";
import type { Services } from "../../../server/services/index.ts";

const PDF = Buffer.from("%PDF-1.7\nforty recipes\n%%EOF\n");
let sites: TwoSiteServices;
let clock = new Date("2026-11-20T10:00:00Z");
const HOUR = 3_600_000;

beforeAll(async () => {
  sites = await createTwoSiteServices({ now: () => clock });
}, 60_000);
afterAll(() => sites.close());
beforeEach(() => {
  clock = new Date("2026-11-20T10:00:00Z");
});

const ebookOf = (websiteId: string) => sites.db.product.findFirstOrThrow({ where: { websiteId, slug: "recipe-ebook" }, select: { id: true } });

async function buyEbook(site: Services, websiteId: string, email = "ann@example.com") {
  const ebook = await ebookOf(websiteId);
  const visitor = newVisitor();
  const { cartToken } = await site.carts.addEntry(visitor, { itemId: ebook.id, quantity: 1 });
  const result = await site.checkout.checkout({ ...visitor, cartToken }, { email });
  if (!("order" in result)) throw new Error(`expected a test-mode order: ${JSON.stringify(result)}`);
  return result.order;
}

const tokenOf = (path: string) => path.replace("/downloads/", "");

describe("with a file on the eBook", () => {
  beforeAll(async () => {
    const ebook = await ebookOf(SITE_A);
    await sites.a.downloads.files.upload(ebook.id, "Recipes – Winter.pdf", PDF);
    await sites.a.downloads.files.addLink(ebook.id, "Video lesson", "https://video.example.com/lesson?id=1");
  });

  it("grants each file and link when the order is placed, and the confirmation email links them", async () => {
    const order = await buyEbook(sites.a, SITE_A);
    const downloads = await sites.a.downloads.grants.forOrder(order.id);
    expect(downloads.map((d) => [d.name, d.kind, d.downloadCount, d.downloadLimit, d.state, d.expiresAt.toISOString()])).toEqual([
      ["Recipes – Winter.pdf", "FILE", 0, 5, "AVAILABLE", "2026-11-21T10:00:00.000Z"],
      ["Video lesson", "LINK", 0, 5, "AVAILABLE", "2026-11-21T10:00:00.000Z"],
    ]);
    const email = await lastEmail(sites.db, SITE_A, "ORDER_CONFIRMATION");
    expect(email.textBody).toContain("Your downloads (each link works for 24 hours and 5 downloads):");
    expect(email.textBody).toContain(`- Recipes – Winter.pdf: http://localhost:4000${downloads[0].path}`);
    expect(email.textBody).not.toContain("video.example.com");
  });

  it("delivers the file and counts a download, up to the limit", async () => {
    const order = await buyEbook(sites.a, SITE_A);
    const [file, link] = await sites.a.downloads.grants.forOrder(order.id);
    const opened = await sites.a.downloads.grants.open(tokenOf(file.path), { counts: true });
    expect(opened).toMatchObject({ kind: "FILE", size: PDF.length, contentType: "application/pdf", name: "Recipes – Winter.pdf" });
    // A continuation (a range past byte 0) is not counted.
    await sites.a.downloads.grants.open(tokenOf(file.path), { counts: false });
    for (let i = 0; i < 4; i++) await sites.a.downloads.grants.open(tokenOf(file.path), { counts: true });
    expect((await sites.a.downloads.grants.forOrder(order.id))[0]).toMatchObject({ downloadCount: 5, state: "LIMIT_REACHED" });
    expect(await sites.a.downloads.grants.open(tokenOf(file.path), { counts: true })).toMatchObject({
      kind: "REFUSED",
      state: "LIMIT_REACHED",
      orderNumber: order.orderNumber,
    });
    expect(await sites.a.downloads.grants.open(tokenOf(link.path), { counts: true })).toEqual({ kind: "LINK", url: "https://video.example.com/lesson?id=1" });
  });

  it("expires 24 hours after the order; the owner's renewal gives a new period and a new count on the same link", async () => {
    const order = await buyEbook(sites.a, SITE_A);
    const [file] = await sites.a.downloads.grants.forOrder(order.id);
    await sites.a.downloads.grants.open(tokenOf(file.path), { counts: true });
    clock = new Date(clock.getTime() + 24 * HOUR - 1);
    expect((await sites.a.downloads.grants.open(tokenOf(file.path), { counts: false })).kind).toBe("FILE");
    clock = new Date(clock.getTime() + 1);
    expect(await sites.a.downloads.grants.open(tokenOf(file.path), { counts: true })).toMatchObject({ kind: "REFUSED", state: "EXPIRED" });

    const [renewed] = await sites.a.downloads.grants.renew(order.id);
    expect(renewed).toMatchObject({ path: file.path, downloadCount: 0, state: "AVAILABLE", expiresAt: new Date(clock.getTime() + 24 * HOUR) });
    expect((await sites.a.downloads.grants.open(tokenOf(file.path), { counts: true })).kind).toBe("FILE");
  });

  it("uses the store's settings for new grants", async () => {
    await sites.a.downloads.grants.updateSettings({ expiryHours: 72, downloadLimit: 2 });
    try {
      const order = await buyEbook(sites.a, SITE_A);
      const [file] = await sites.a.downloads.grants.forOrder(order.id);
      expect(file).toMatchObject({ downloadLimit: 2, expiresAt: new Date(clock.getTime() + 72 * HOUR) });
      await expect(sites.a.downloads.grants.updateSettings({ expiryHours: 0, downloadLimit: 2 })).rejects.toThrow(
        "Links last 1 to 8760 hours and allow 1 to 100 downloads.",
      );
    } finally {
      await sites.a.downloads.grants.updateSettings({ expiryHours: 24, downloadLimit: 5 });
    }
  });

  it("stops the links of a cancelled order, and of a refunded one", async () => {
    const cancelled = await buyEbook(sites.a, SITE_A);
    const [file] = await sites.a.downloads.grants.forOrder(cancelled.id);
    await sites.a.orders.cancel(cancelled.id);
    expect(await sites.a.downloads.grants.open(tokenOf(file.path), { counts: true })).toMatchObject({ kind: "REFUSED", state: "STOPPED" });
    await expect(sites.a.downloads.grants.renew(cancelled.id)).rejects.toThrow("This order was cancelled or refunded: its download links no longer work.");

    const refunded = await buyEbook(sites.a, SITE_A);
    const [refundedFile] = await sites.a.downloads.grants.forOrder(refunded.id);
    await sites.a.orders.fulfil(refunded.id);
    await sites.a.orderRefunds.refund(refunded.id, { reason: "requested_by_customer" }, null);
    expect((await sites.a.downloads.grants.forOrder(refunded.id))[0].state).toBe("STOPPED");
    expect(await sites.a.downloads.grants.open(tokenOf(refundedFile.path), { counts: true })).toMatchObject({ kind: "REFUSED", state: "STOPPED" });
  });

  it("binds a link to its site: another site answers not found, as does a forged signature", async () => {
    const order = await buyEbook(sites.a, SITE_A);
    const [file] = await sites.a.downloads.grants.forOrder(order.id);
    expect(await sites.b.downloads.grants.open(tokenOf(file.path), { counts: true })).toMatchObject({ kind: "REFUSED", state: "NOT_FOUND" });
    const [grantId] = tokenOf(file.path).split(".");
    expect(await sites.a.downloads.grants.open(`${grantId}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`, { counts: true })).toMatchObject({ state: "NOT_FOUND" });
    expect(await sites.b.downloads.grants.forOrder(order.id)).toEqual([]);
    await expect(sites.b.downloads.grants.renew(order.id)).rejects.toThrow("That order could not be found.");
    expect((await sites.a.downloads.grants.forOrder(order.id))[0].downloadCount).toBe(0);
  });
});

describe("the owner's files", () => {
  it("refuses a file whose type is not accepted, or whose content is not its extension's, and a physical product", async () => {
    const ebook = await ebookOf(SITE_B);
    const files = sites.b.downloads.files;
    await expect(files.upload(ebook.id, "setup.exe", Buffer.from("MZ\x90\x00"))).rejects.toThrow(
      "This type of file is not accepted. Upload a PDF, ZIP, EPUB, MP3, MP4, M4A, WAV, PNG, JPG, GIF, WEBP or TXT file.",
    );
    await expect(files.upload(ebook.id, "book.pdf", Buffer.from("<html>not a pdf</html>"))).rejects.toThrow(
      "This file's content does not match its name: check the file and upload it again.",
    );
    await expect(files.upload(ebook.id, "book.pdf", Buffer.alloc(0))).rejects.toThrow("Choose a file to upload.");
    const mug = await sites.db.product.findFirstOrThrow({ where: { websiteId: SITE_B, slug: "ceramic-mug" } });
    await expect(files.upload(mug.id, "book.pdf", PDF)).rejects.toThrow("Only digital products deliver files or links.");
    await expect(files.addLink(ebook.id, "Lesson", "javascript:alert(1)")).rejects.toThrow("Enter a link starting with https:// or http://.");
    expect(await files.list(ebook.id)).toEqual([]);
  });

  it("renames and removes a file (its bytes go too); another site's file is not found", async () => {
    const ebook = await ebookOf(SITE_B);
    const files = sites.b.downloads.files;
    const file = await files.upload(ebook.id, "notes.txt", Buffer.from("hello"));
    expect((await files.rename(file.id, "  Notes (v2).txt ")).name).toBe("Notes (v2).txt");
    await expect(sites.a.downloads.files.rename(file.id, "x.txt")).rejects.toThrow("This file was not found: it may have been removed.");
    await expect(sites.a.downloads.files.remove(file.id)).rejects.toThrow("This file was not found");
    const { existsSync } = await import("node:fs");
    const path = files.pathOf(file.storageKey!);
    expect(existsSync(path)).toBe(true);
    await files.remove(file.id);
    expect(existsSync(path)).toBe(false);
    expect(await files.list(ebook.id)).toEqual([]);
  });

  it("refuses a file over the size limit with the limit in the message", async () => {
    const { DigitalFilesService } = await import("../../../server/services/downloads/digital-files.ts");
    const small = new DigitalFilesService(sites.db, SITE_B, sites.b.downloads.files.mediaDir, 10);
    const ebook = await ebookOf(SITE_B);
    await expect(small.upload(ebook.id, "book.pdf", PDF)).rejects.toThrow("This file is too large: files can be at most 10 bytes.");
  });
});
