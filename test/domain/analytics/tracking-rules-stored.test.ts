// The stored analytics settings read once (issue 20 rule 3): what a stored row means.
import { storedCookiePolicy, storedRetentionDays } from "../../../server/domain/analytics/tracking-rules.ts";

it.each([
  [null, "permissive"],
  ["permissive", "permissive"],
  ["restrictive", "restrictive"],
  ["bogus", "restrictive"],
  ["", "restrictive"],
])("reads the stored cookie policy %p as %p", (stored, policy) => {
  expect(storedCookiePolicy(stored)).toBe(policy);
});

it.each([
  [null, 395],
  [0, 395],
  [-5, 395],
  [30, 30],
  [1095, 1095],
])("reads the stored retention %p as %p days", (stored, days) => {
  expect(storedRetentionDays(stored)).toBe(days);
});
