// Members-only pages (issue 12): which paths the `_memberareas` navigation puts in member areas, the
// pages that stay open, the returnTo the sign-in pages follow; and the new account's rules.
import { checkNewPassword, normalizeMemberEmail } from "../../../server/domain/members/accounts.ts";
import { isMembersOnly, joinHref, memberAreaPaths, safeReturnTo } from "../../../server/domain/members/member-areas.ts";
import type { NavigationItem } from "../../../server/domain/site/navigation.ts";

const item = (fields: Partial<NavigationItem>): NavigationItem => ({
  title: "",
  collectionId: null,
  externalLink: null,
  memberAreaId: null,
  items: [],
  ...fields,
});

describe("member areas", () => {
  const areas = [
    item({
      title: "Club",
      memberAreaId: "club",
      items: [
        item({ externalLink: "/members/" }),
        item({ collectionId: 7 }),
        item({ externalLink: "https://elsewhere.example/x" }),
        item({ externalLink: "//cdn.example/x" }),
      ],
    }),
  ];
  const paths = memberAreaPaths(areas, new Map([[7, "journal"]]));

  it("are the local paths linked inside the _memberareas navigation (collections by their urlId), not other sites", () => {
    expect(paths).toEqual(["/members", "/journal"]);
  });

  it.each([
    ["/members", true],
    ["/members/", true],
    ["/members/videos/1", true],
    ["/journal", true],
    ["/membership", false],
    ["/", false],
    ["/shop/p/linen-shirt", false],
  ])("%s is members-only: %p", (path, expected) => {
    expect(isMembersOnly(path, paths)).toBe(expected);
  });

  it("never close the account pages, the unsubscribe page, the API or the owner's area, even when the whole site is an area", () => {
    const everything = ["/"];
    expect(isMembersOnly("/shop", everything)).toBe(true);
    for (const open of ["/account", "/account/sign-up", "/newsletter/unsubscribe", "/api/x", "/config"]) expect(isMembersOnly(open, everything)).toBe(false);
  });

  it("the join button leads to sign-up with the page to come back to", () => {
    expect(joinHref("/members/a b")).toBe("/account/sign-up?returnTo=%2Fmembers%2Fa%20b");
  });

  it.each([
    ["/members", "/members"],
    [null, "/account"],
    ["https://evil.example/", "/account"],
    ["//evil.example/", "/account"],
    ["/\\evil.example", "/account"],
  ])("returnTo %p is followed as %p (only paths of this site)", (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });
});

describe("a new account", () => {
  it("takes a valid email, trimmed and lower-cased", () => {
    expect(normalizeMemberEmail("  Ada@Example.COM ")).toBe("ada@example.com");
    expect(normalizeMemberEmail("ada@")).toBeNull();
    expect(normalizeMemberEmail(42)).toBeNull();
  });

  it("needs a password of 8 characters to 72 bytes", () => {
    expect(checkNewPassword("1234567")).toBe("Your password must be at least 8 characters long.");
    expect(checkNewPassword("12345678")).toBeNull();
    expect(checkNewPassword("a".repeat(72))).toBeNull();
    expect(checkNewPassword("a".repeat(73))).toBe("Your password is too long.");
    expect(checkNewPassword("€".repeat(25))).toBe("Your password is too long."); // 75 bytes
  });
});
