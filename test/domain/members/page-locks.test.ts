// Locked and password-protected pages (issue 12, page types 103 and 105): what stands before a page.
import { normalizePagePath, pageAccess, protectingPath } from "../../../server/domain/members/page-locks.ts";

const nobody = { contributor: false, unlocked: () => false };

describe("page paths", () => {
  it.each([
    ["/shop/p/mug/", "/shop/p/mug"],
    ["/", "/"],
    ["shop", null],
    ["//evil.example", null],
    ["/a?b=1", null],
    ["/a b", null],
    [`/${"x".repeat(200)}`, null],
    [42, null],
  ])("%p is stored as %p", (path, expected) => {
    expect(normalizePagePath(path)).toBe(expected);
  });
});

describe("what stands before a page", () => {
  const locks = { siteLocked: false, protectedPaths: ["/club", "/club/vip"] };

  it("the most specific protected path covering the page", () => {
    expect(protectingPath("/club/vip/room", locks.protectedPaths)).toBe("/club/vip");
    expect(protectingPath("/club/", locks.protectedPaths)).toBe("/club");
    expect(protectingPath("/clubhouse", locks.protectedPaths)).toBeNull();
  });

  it("a page password for everyone, contributors too, until unlocked", () => {
    expect(pageAccess("/club/a", locks, nobody)).toEqual({ kind: "page-locked", path: "/club" });
    expect(pageAccess("/club/a", locks, { contributor: true, unlocked: () => false })).toEqual({ kind: "page-locked", path: "/club" });
    expect(pageAccess("/club/a", locks, { contributor: false, unlocked: (scope) => scope === "/club" })).toEqual({ kind: "open" });
    // unlocking /club does not unlock /club/vip, which has its own password
    expect(pageAccess("/club/vip", locks, { contributor: false, unlocked: (scope) => scope === "/club" })).toEqual({ kind: "page-locked", path: "/club/vip" });
  });

  it("the site lock first, passed by contributors and by the site's unlock", () => {
    const site = { siteLocked: true, protectedPaths: ["/club"] };
    expect(pageAccess("/", site, nobody)).toEqual({ kind: "site-locked" });
    expect(pageAccess("/club", site, nobody)).toEqual({ kind: "site-locked" });
    expect(pageAccess("/", site, { contributor: true, unlocked: () => false })).toEqual({ kind: "open" });
    expect(pageAccess("/club", site, { contributor: false, unlocked: (scope) => scope === "site" })).toEqual({ kind: "page-locked", path: "/club" });
  });

  it("never before the account pages, the unsubscribe page, the API or the owner's area", () => {
    const everything = { siteLocked: true, protectedPaths: ["/"] };
    for (const path of ["/account/sign-in", "/newsletter/unsubscribe", "/api/x", "/config"])
      expect(pageAccess(path, everything, nobody)).toEqual({ kind: "open" });
  });
});
