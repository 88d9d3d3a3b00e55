// Digital delivery's pure rules (issue 23): byte ranges, which requests count, a link's state, the
// accepted files, names and links, file sizes.
import { parseByteRange, startsDownload } from "../../server/domain/downloads/byte-range.ts";
import { checkDigitalFile, cleanDigitalFileName, cleanDigitalLink, DigitalFileRefusedError } from "../../server/domain/downloads/digital-files.ts";
import { grantExpiry, grantState, isValidDownloadSettings, parseDownloadToken } from "../../server/domain/downloads/download-grants.ts";
import { formatFileSize } from "../../server/domain/downloads/file-size.ts";
import { downloadMessages } from "../../server/domain/messages/downloads.ts";

describe("byte ranges of a 100-byte file", () => {
  it.each([
    [undefined, { kind: "whole" }],
    ["bytes=0-9", { kind: "partial", start: 0, end: 9 }],
    ["bytes=90-", { kind: "partial", start: 90, end: 99 }],
    ["bytes=-5", { kind: "partial", start: 95, end: 99 }],
    ["bytes=-500", { kind: "partial", start: 0, end: 99 }],
    ["bytes=50-500", { kind: "partial", start: 50, end: 99 }],
    ["bytes=100-", { kind: "unsatisfiable" }],
    ["bytes=-0", { kind: "unsatisfiable" }],
    ["bytes=9-0", { kind: "whole" }],
    ["bytes=0-1,5-6", { kind: "whole" }],
    ["items=0-1", { kind: "whole" }],
  ])("%s → %j", (header, expected) => {
    expect(parseByteRange(header, 100)).toEqual(expected);
  });

  it("counts a request that starts at byte 0, not a continuation", () => {
    expect(startsDownload(parseByteRange(undefined, 100))).toBe(true);
    expect(startsDownload(parseByteRange("bytes=0-9", 100))).toBe(true);
    expect(startsDownload(parseByteRange("bytes=10-", 100))).toBe(false);
    expect(startsDownload(parseByteRange("bytes=-5", 100))).toBe(false);
  });
});

describe("a link's state", () => {
  const at = new Date("2026-11-20T10:00:00Z");
  const grant = { expiresAt: grantExpiry(at, 24), downloadLimit: 5, downloadCount: 0, orderState: "PLACED" };
  it("lasts 24 hours after the order", () => {
    expect(grant.expiresAt.toISOString()).toBe("2026-11-21T10:00:00.000Z");
    expect(grantState(grant, new Date("2026-11-21T09:59:59.999Z"))).toBe("AVAILABLE");
    expect(grantState(grant, new Date("2026-11-21T10:00:00.000Z"))).toBe("EXPIRED");
  });
  it("is used up at its limit", () => {
    expect(grantState({ ...grant, downloadCount: 4 }, at)).toBe("AVAILABLE");
    expect(grantState({ ...grant, downloadCount: 5 }, at)).toBe("LIMIT_REACHED");
  });
  it.each(["CANCELLED", "REFUNDED"])("stops when the order is %s, whatever else", (orderState) => {
    expect(grantState({ ...grant, orderState, downloadCount: 5 }, new Date("2030-01-01"))).toBe("STOPPED");
  });
  it("keeps working for a fulfilled order", () => {
    expect(grantState({ ...grant, orderState: "FULFILLED" }, at)).toBe("AVAILABLE");
  });
  it("takes settings of 1 to 8760 hours and 1 to 100 downloads", () => {
    expect(isValidDownloadSettings({ expiryHours: 1, downloadLimit: 1 })).toBe(true);
    expect(isValidDownloadSettings({ expiryHours: 8760, downloadLimit: 100 })).toBe(true);
    expect(isValidDownloadSettings({ expiryHours: 8761, downloadLimit: 5 })).toBe(false);
    expect(isValidDownloadSettings({ expiryHours: 24, downloadLimit: 0 })).toBe(false);
    expect(isValidDownloadSettings({ expiryHours: 1.5, downloadLimit: 5 })).toBe(false);
  });
  it("reads a link's token", () => {
    expect(parseDownloadToken("abcdefghijklmnopqrstuv.ABCDEFGHIJKLMNOPQRSTUVWXYZ012345")).toEqual({
      grantId: "abcdefghijklmnopqrstuv",
      signature: "ABCDEFGHIJKLMNOPQRSTUVWXYZ012345",
    });
    expect(parseDownloadToken("../../etc/passwd")).toBeNull();
  });
  it("shows the shopper the count", () => {
    expect(downloadMessages.downloadsUsed(2, 5)).toBe("2 of 5 downloads used");
  });
});

describe("the files a product delivers", () => {
  const refusal = (name: string, bytes: Uint8Array, max?: number) => {
    const result = checkDigitalFile(name, bytes, max);
    return result instanceof DigitalFileRefusedError ? result.reason : result.contentType;
  };
  it.each([
    ["book.pdf", "%PDF-1.4 …", "application/pdf"],
    ["Book.PDF", "%PDF-1.4 …", "application/pdf"],
    ["book.epub", "PK\x03\x04mimetype", "application/epub+zip"],
    ["song.mp3", "ID3\x04", "audio/mpeg"],
    ["film.mp4", "\x00\x00\x00\x18ftypmp42", "video/mp4"],
    ["notes.txt", "hello", "text/plain; charset=utf-8"],
    ["book.pdf", "<html>", "CONTENT_MISMATCH"],
    ["notes.txt", "MZ\x00\x00", "CONTENT_MISMATCH"],
    ["setup.exe", "MZ", "UNSUPPORTED_TYPE"],
    ["page.html", "<html>", "UNSUPPORTED_TYPE"],
    ["no-extension", "%PDF-", "UNSUPPORTED_TYPE"],
    ["book.pdf", "", "EMPTY"],
  ])("%s starting %j → %s", (name, content, expected) => {
    expect(refusal(name, Buffer.from(content, "latin1"))).toBe(expected);
  });
  it("refuses a file over the limit, saying the limit", () => {
    const result = checkDigitalFile("book.pdf", Buffer.from("%PDF-1.4 …"), 5);
    expect(result).toBeInstanceOf(DigitalFileRefusedError);
    expect((result as DigitalFileRefusedError).message).toBe("This file is too large: files can be at most 5 bytes.");
    expect(downloadMessages.fileTooLarge(100 * 1024 * 1024)).toBe("This file is too large: files can be at most 100 MB.");
  });
  it("cleans names and links", () => {
    expect(cleanDigitalFileName("  ../Book\u0000.pdf ")).toBe("..Book.pdf");
    expect(cleanDigitalFileName("   ")).toBeNull();
    expect(cleanDigitalFileName("x".repeat(201))).toBeNull();
    expect(cleanDigitalLink(" https://example.com/a b ")).toBe("https://example.com/a%20b");
    expect(cleanDigitalLink("ftp://example.com")).toBeNull();
    expect(cleanDigitalLink("https://user:pw@example.com")).toBeNull();
  });
  it("formats sizes", () => {
    expect([formatFileSize(512), formatFileSize(1536), formatFileSize(100 * 1024 * 1024), formatFileSize(2.25 * 1024 ** 3)]).toEqual([
      "512 bytes",
      "1.5 KB",
      "100 MB",
      "2.3 GB",
    ]);
  });
});
