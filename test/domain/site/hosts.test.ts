// Host names of sites (domain/site/hosts.ts; issue 21).
import { isValidHost, isValidSlug, platformSlug, primaryHostOf, requestHost, siteUrl } from "../../../server/domain/site/hosts.ts";

describe("site host names", () => {
  it("reads a Host header: lower case, without port or trailing dot", () => {
    expect(requestHost("Shop.Example.COM:8080")).toBe("shop.example.com");
    expect(requestHost("usd.localhost.")).toBe("usd.localhost");
    expect(requestHost("[::1]:4000")).toBeNull();
    expect(requestHost("evil.com/path")).toBeNull();
    expect(requestHost(undefined)).toBeNull();
    expect(requestHost("")).toBeNull();
  });

  it("finds the slug of a platform subdomain, one label deep", () => {
    expect(platformSlug("shop.sitecart.app", "sitecart.app")).toBe("shop");
    expect(platformSlug("a.b.sitecart.app", "sitecart.app")).toBeNull();
    expect(platformSlug("sitecart.app", "sitecart.app")).toBeNull();
    expect(platformSlug("shopsitecart.app", "sitecart.app")).toBeNull();
  });

  it("slugs and hosts are DNS names", () => {
    expect(isValidSlug("my-shop-2")).toBe(true);
    expect(isValidSlug("-shop")).toBe(false);
    expect(isValidSlug("Shop")).toBe(false);
    expect(isValidSlug("a".repeat(64))).toBe(false);
    expect(isValidHost("shop.example.com")).toBe(true);
    expect(isValidHost("shop..example.com")).toBe(false);
  });

  it("a site's address keeps the deployment's scheme and port", () => {
    expect(siteUrl("http://localhost:4000", "usd.localhost")).toBe("http://usd.localhost:4000");
    expect(siteUrl("https://sitecart.app", "shop.example.com")).toBe("https://shop.example.com");
  });

  it("a site's primary host: its primary custom domain, else its platform subdomain", () => {
    const domains = [
      { host: "old.example", primary: false },
      { host: "shop.example", primary: true },
    ];
    expect(primaryHostOf({ slug: "shop", domains }, "sitecart.app")).toBe("shop.example");
    expect(primaryHostOf({ slug: "shop", domains: [domains[0]] }, "sitecart.app")).toBe("shop.sitecart.app");
    expect(primaryHostOf({ slug: "shop", domains: [] }, null)).toBeNull();
    expect(primaryHostOf({ slug: null, domains: [] }, "sitecart.app")).toBeNull();
  });
});
