// API key rules (issue 10 item 6): the key's shape, the scopes a creator may grant (their role's,
// never apiKeys.manage), the expiry, how a key narrows its creator's permissions, and when lastUsedAt
// is written again.
import {
  apiKeyName,
  apiKeyRefusal,
  apiKeyScopes,
  grantableScopes,
  isExpired,
  lastUsedIsStale,
  looksLikeApiKey,
  parseScopes,
} from "../../../server/domain/members/api-keys.ts";
import { can, Role } from "../../../server/domain/members/permissions.ts";
import { pixelIdInput } from "../../../server/domain/store/marketing.ts";

const now = new Date("2026-11-24T12:00:00Z");
const admin = { signedIn: true as const, role: Role.ADMIN };
const storeManager = { signedIn: true as const, role: Role.STORE_MANAGER };

it("recognises only sck_ followed by 43 base64url characters", () => {
  expect(looksLikeApiKey(`sck_${"a".repeat(43)}`)).toBe(true);
  expect(looksLikeApiKey(`sck_${"a-_Z9".repeat(8)}abc`)).toBe(true);
  expect(looksLikeApiKey(`sck_${"a".repeat(42)}`)).toBe(false);
  expect(looksLikeApiKey(`sk_${"a".repeat(43)}`)).toBe(false);
  expect(looksLikeApiKey(`sck_${"a".repeat(42)}=`)).toBe(false);
});

it("lets a creator grant the permissions of their role, never apiKeys.manage", () => {
  expect(grantableScopes(admin)).toContain("templates.write");
  expect(grantableScopes(admin)).not.toContain("apiKeys.manage");
  expect(grantableScopes(storeManager)).toEqual(expect.arrayContaining(["products.write", "orders.read"]));
  expect(grantableScopes(storeManager)).not.toContain("site.settings");
  expect(grantableScopes({ signedIn: false })).toEqual([]);
  const key = (scopes: string[], expiresAt: Date | null = null) => ({ name: "k", scopes: scopes as never, expiresAt });
  expect(apiKeyRefusal(admin, key(["products.write", "templates.write"]), now)).toBeNull();
  expect(apiKeyRefusal(storeManager, key(["site.settings"]), now)).toBe("A key can only have permissions your role holds (and never the management of keys).");
  expect(apiKeyRefusal(admin, key(["apiKeys.manage"]), now)).toBe("A key can only have permissions your role holds (and never the management of keys).");
});

it("takes an expiry in the future and within two years", () => {
  const key = (expiresAt: Date | null) => ({ name: "k", scopes: ["products.read" as const], expiresAt });
  expect(apiKeyRefusal(admin, key(null), now)).toBeNull();
  expect(apiKeyRefusal(admin, key(new Date("2026-11-25T00:00:00Z")), now)).toBeNull();
  expect(apiKeyRefusal(admin, key(now), now)).toBe("The expiry date must be in the future.");
  expect(apiKeyRefusal(admin, key(new Date("2030-01-01T00:00:00Z")), now)).toBe("A key can last at most 732 days.");
  expect(isExpired(now, now)).toBe(true);
  expect(isExpired(new Date(now.getTime() + 1), now)).toBe(false);
  expect(isExpired(null, now)).toBe(false);
});

it("checks the name and the scopes' names", () => {
  expect(apiKeyName.parse("  Sync  ")).toBe("Sync");
  expect(apiKeyName.safeParse("   ").error?.issues[0].message).toBe("Please name the key.");
  expect(apiKeyName.safeParse("x".repeat(101)).error?.issues[0].message).toBe("A key's name can be at most 100 characters.");
  expect(apiKeyScopes.parse(["products.read", "products.read"])).toEqual(["products.read"]);
  expect(apiKeyScopes.safeParse([]).error?.issues[0].message).toBe("Choose at least one permission for the key.");
  expect(apiKeyScopes.safeParse(["root"]).error?.issues[0].message).toBe("One of the permissions does not exist.");
  expect(parseScopes('["products.read","gone"]')).toEqual(["products.read"]);
  expect(parseScopes("not json")).toEqual([]);
});

it("narrows its creator: a permission needs both the role and the key", () => {
  const key = { signedIn: true as const, role: Role.STORE_MANAGER, scopes: ["products.read" as const, "site.settings" as const] };
  expect(can(key, "products.read")).toBe(true);
  expect(can(key, "products.write")).toBe(false); // the role holds it, the key does not
  expect(can(key, "site.settings")).toBe(false); // the key lists it, the role does not hold it
});

it("writes lastUsedAt again only a minute after the last write", () => {
  expect(lastUsedIsStale(null, now)).toBe(true);
  expect(lastUsedIsStale(new Date(now.getTime() - 59_999), now)).toBe(false);
  expect(lastUsedIsStale(new Date(now.getTime() - 60_000), now)).toBe(true);
});

it("takes a pixel id of 5 to 20 digits, or empty to clear it", () => {
  expect(pixelIdInput.parse(" 1234567890 ")).toBe("1234567890");
  expect(pixelIdInput.parse("")).toBe("");
  for (const bad of ["1234", "x12345", "1".repeat(21)]) expect(pixelIdInput.safeParse(bad).error?.issues[0].message).toBe("A pixel ID is 5 to 20 digits.");
});
