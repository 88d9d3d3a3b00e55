// The store's email branding checks (issue 24): accent colour #rrggbb, a logo on https or uploaded
// here, a reply-to that is an email address, a footer of at most 500 characters.
import { brandingProblems, cleanBranding, effectiveBranding } from "../../../server/domain/emails/branding.ts";

const PUBLIC_URL = "http://localhost:4000";
const problemsOf = (input: Parameters<typeof cleanBranding>[0]) => brandingProblems(cleanBranding(input), PUBLIC_URL);

describe("email branding", () => {
  it("accepts every field empty (the defaults apply)", () => {
    expect(problemsOf({ storeName: " ", logoUrl: "", accentColor: null, replyTo: "", footerText: "" })).toEqual([]);
  });

  it("accepts a complete branding", () => {
    expect(
      problemsOf({
        storeName: "Bean & Leaf",
        logoUrl: "https://cdn.example.com/logo.png",
        accentColor: "#1F6FEB",
        replyTo: "Hello@Example.com",
        footerText: "Bean & Leaf, 1 Main St.",
      }),
    ).toEqual([]);
  });

  it.each(["#1f6feb", "#000000", "#ABCDEF"])("accepts the accent colour %s", (accentColor) => {
    expect(problemsOf({ accentColor })).toEqual([]);
  });

  it.each(["1f6feb", "#fff", "#12345g", "red", "#1f6feb0"])("refuses the accent colour %s", (accentColor) => {
    expect(problemsOf({ accentColor })).toEqual([
      { field: "accentColor", message: "Enter the accent colour as # and six hexadecimal digits, for example #1f6feb." },
    ]);
  });

  it.each(["https://cdn.example.com/logo.png", "/media/abc123/logo.png", `${PUBLIC_URL}/media/abc123/logo.png`])("accepts the logo %s", (logoUrl) => {
    expect(problemsOf({ logoUrl })).toEqual([]);
  });

  it.each(["http://cdn.example.com/logo.png", "javascript:alert(1)", "logo.png", "https://", "https://a.test/a b.png"])("refuses the logo %s", (logoUrl) => {
    expect(problemsOf({ logoUrl })).toEqual([{ field: "logoUrl", message: "Enter a logo address starting with https://, or upload an image." }]);
  });

  it("refuses a reply-to that is not an email address", () => {
    expect(problemsOf({ replyTo: "shop@" })).toEqual([{ field: "replyTo", message: "Enter a valid reply-to email address." }]);
  });

  it("keeps the footer to 500 characters", () => {
    expect(problemsOf({ footerText: "x".repeat(500) })).toEqual([]);
    expect(problemsOf({ footerText: "x".repeat(501) })).toEqual([{ field: "footerText", message: "Keep the footer to 500 characters or fewer." }]);
  });

  it("refuses a store name over 100 characters", () => {
    expect(problemsOf({ storeName: "x".repeat(101) })).toEqual([{ field: "storeName", message: "Enter a store name of at most 100 characters." }]);
  });

  it("falls back on the site's title and the default colour", () => {
    expect(effectiveBranding(null, "Demo Store")).toEqual({ storeName: "Demo Store", logoUrl: null, accentColor: "#1f6feb", replyTo: null, footerText: null });
    expect(effectiveBranding(cleanBranding({ storeName: "Bean", accentColor: "#FF8800" }), "Demo Store")).toMatchObject({
      storeName: "Bean",
      accentColor: "#ff8800",
    });
  });
});
