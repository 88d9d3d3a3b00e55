import { cookiePolicyInput, isRetentionDays, retentionDaysInput } from "../../../server/domain/analytics/analytics-settings.ts";

it("accepts the two cookie policies and refuses anything else with the owner's message", () => {
  expect(cookiePolicyInput.parse("permissive")).toBe("permissive");
  expect(cookiePolicyInput.parse("restrictive")).toBe("restrictive");
  expect(cookiePolicyInput.safeParse("Restrictive").error?.issues[0].message).toBe("Choose a cookie policy: permissive or restrictive.");
});

it("keeps raw events for whole days from 30 to 1095", () => {
  expect([29, 30, 395, 1095, 1096, 30.5].map(isRetentionDays)).toEqual([false, true, true, true, false, false]);
  expect(retentionDaysInput.safeParse(10).error?.issues[0].message).toBe("Keep events between 30 and 1095 days (a whole number).");
});
