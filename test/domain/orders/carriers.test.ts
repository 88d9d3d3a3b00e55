// Carriers (issue 24): the common ones link to their tracking page; any other name is free text.
import { CARRIERS, findCarrier, isPrintable, trackingUrlFor } from "../../../server/domain/orders/carriers.ts";

it("links a known carrier's number to its tracking page, whatever the case of its name, the number URL-encoded", () => {
  expect(trackingUrlFor("UPS", " 1Z999AA10123456784 ")).toBe("https://www.ups.com/track?tracknum=1Z999AA10123456784");
  expect(trackingUrlFor("dhl express", "JD0146 0000")).toBe("https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=JD0146%200000");
  expect(trackingUrlFor("Royal Mail", "a&b")).toContain("a%26b");
});

it("gives no link for another carrier or without a number", () => {
  expect(trackingUrlFor("Bob's Couriers", "123")).toBeNull();
  expect(trackingUrlFor("UPS", "  ")).toBeNull();
  expect(trackingUrlFor(null, "123")).toBeNull();
  expect(findCarrier("Bob's Couriers")).toBeNull();
});

it("lists the common carriers, each with an https tracking page", () => {
  expect(CARRIERS.map((carrier) => carrier.name)).toEqual(
    expect.arrayContaining(["UPS", "USPS", "FedEx", "DHL Express", "Royal Mail", "Canada Post", "Australia Post", "DPD", "GLS", "PostNL"]),
  );
  for (const carrier of CARRIERS) expect(carrier.trackingUrl("X1")).toMatch(/^https:\/\/[^ ]+X1/);
});

it("takes printable text only", () => {
  expect(isPrintable("1Z 999-AA/10")).toBe(true);
  expect(isPrintable("12\n34")).toBe(false);
  expect(isPrintable("12\u0000")).toBe(false);
  expect(isPrintable("12\u200b34")).toBe(false);
});
