// Shipping by zone (issue 14): the most specific zone that reaches the address gives the options; a
// cart whose address no option reaches cannot be checked out; a cart that ships nothing needs no address.
import {
  checkoutShippingProblem,
  needsShippingAddress,
  reachFromStored,
  shippingOptionsFor,
  shippingZoneProblem,
  storedReachOf,
  zoneOf,
  type ShippingZone,
  type ZoneReach,
} from "../../../server/domain/checkout/shipping-zones.ts";

// The demo store's contract: Standard and Express reach the US; the rest of the world gets its own zone.
const unitedStates: ShippingZone = {
  id: 1,
  name: "United States",
  reach: { kind: "countries", countries: ["US"] },
  options: [
    { id: 2, name: "Express", price: 2500 },
    { id: 1, name: "Standard", price: 500 },
  ],
};
const hawaiiAndAlaska: ShippingZone = {
  id: 2,
  name: "Hawaii and Alaska",
  reach: { kind: "regions", country: "US", regions: ["HI", "AK"] },
  options: [{ id: 3, name: "Air", price: 4000 }],
};
const restOfWorld: ShippingZone = {
  id: 3,
  name: "Rest of the world",
  reach: { kind: "restOfWorld" },
  options: [{ id: 4, name: "International", price: 3000 }],
};
const zones = [restOfWorld, unitedStates, hawaiiAndAlaska];

describe("zoneOf", () => {
  it.each([
    ["a region named by a zone", { country: "US", region: "HI" }, "Hawaii and Alaska"],
    ["the region's code in any case", { country: "us", region: "ak" }, "Hawaii and Alaska"],
    ["a country named by a zone", { country: "US", region: "NY" }, "United States"],
    ["a country without a region", { country: "US", region: null }, "United States"],
    ["anywhere else", { country: "DE" }, "Rest of the world"],
  ])("picks the most specific zone for %s", (_case, address, zoneName) => {
    expect(zoneOf(address, zones)?.name).toBe(zoneName);
  });

  it("does not give a region zone to another country's region of the same code", () => {
    expect(zoneOf({ country: "CA", region: "HI" }, [hawaiiAndAlaska])).toBeNull();
  });

  it("is null when no zone reaches the address and there is no rest-of-world zone", () => {
    expect(zoneOf({ country: "DE" }, [unitedStates, hawaiiAndAlaska])).toBeNull();
  });

  it("takes the first of two equally specific zones", () => {
    const alsoUs: ShippingZone = { ...unitedStates, id: 9, name: "Also US" };
    expect(zoneOf({ country: "US" }, [unitedStates, alsoUs])?.name).toBe("United States");
  });
});

describe("shippingOptionsFor", () => {
  it("offers only the options of the address's zone, cheapest first", () => {
    expect(shippingOptionsFor({ country: "US", region: "NY" }, zones)).toEqual([
      { id: 1, name: "Standard", price: 500 },
      { id: 2, name: "Express", price: 2500 },
    ]);
    expect(shippingOptionsFor({ country: "DE" }, zones)).toEqual([{ id: 4, name: "International", price: 3000 }]);
  });

  it("offers nothing where no zone reaches", () => {
    expect(shippingOptionsFor({ country: "JP" }, [unitedStates])).toEqual([]);
  });
});

describe("checkoutShippingProblem", () => {
  const physical = { purelyDigital: false, requiresShipping: true };

  it("says 'Sorry, we do not ship to this address. Please choose another address.' when no option reaches it", () => {
    expect(checkoutShippingProblem(physical, { country: "JP", region: "13" }, [unitedStates, hawaiiAndAlaska])).toBe(
      "Sorry, we do not ship to this address. Please choose another address.",
    );
  });

  it("says the same when the address's zone has no options", () => {
    expect(checkoutShippingProblem(physical, { country: "DE" }, [{ ...restOfWorld, options: [] }])).toBe(
      "Sorry, we do not ship to this address. Please choose another address.",
    );
  });

  it("says 'Please enter a shipping address.' when goods ship and there is no address", () => {
    expect(checkoutShippingProblem(physical, null, zones)).toBe("Please enter a shipping address.");
    expect(checkoutShippingProblem(physical, { country: " " }, zones)).toBe("Please enter a shipping address.");
  });

  it("has nothing to say when an option reaches the address", () => {
    expect(checkoutShippingProblem(physical, { country: "US", region: "NY" }, zones)).toBeNull();
    expect(checkoutShippingProblem(physical, { country: "DE" }, zones)).toBeNull();
  });

  it("asks a digital-only cart (purelyDigital) for no address, and finds no problem without zones", () => {
    const digital = { purelyDigital: true, requiresShipping: false };
    expect(needsShippingAddress(digital)).toBe(false);
    expect(checkoutShippingProblem(digital, null, [])).toBeNull();
  });

  it("asks a cart with nothing to ship (gift cards, services) for no address either", () => {
    expect(needsShippingAddress({ purelyDigital: false, requiresShipping: false })).toBe(false);
    expect(needsShippingAddress(physical)).toBe(true);
  });
});

describe("zones as stored", () => {
  it.each([
    [
      { kind: "COUNTRIES", country: "", codes: ["us", "ca"] },
      { kind: "countries", countries: ["US", "CA"] },
    ],
    [
      { kind: "REGIONS", country: "us", codes: ["hi", "ak"] },
      { kind: "regions", country: "US", regions: ["HI", "AK"] },
    ],
    [{ kind: "REST_OF_WORLD", country: "", codes: [] }, { kind: "restOfWorld" }],
    [{ kind: "PLANETS", country: "", codes: ["MARS"] }, null],
  ] as [{ kind: string; country: string; codes: string[] }, ZoneReach | null][])("reads %j as %j, and writes it back", (stored, reach) => {
    expect(reachFromStored(stored)).toEqual(reach);
    if (reach) expect(reachFromStored(storedReachOf(reach))).toEqual(reach);
  });

  it("refuses a zone without a name, countries or regions", () => {
    const known = (code: string) => ["US", "DE"].includes(code.toUpperCase());
    expect(shippingZoneProblem({ name: " ", reach: { kind: "restOfWorld" } }, known)).toBe("Required");
    expect(shippingZoneProblem({ name: "EU", reach: { kind: "countries", countries: [] } }, known)).toBe(
      "Please name at least one country, or a country and its regions.",
    );
    expect(shippingZoneProblem({ name: "EU", reach: { kind: "countries", countries: ["DE", "XX"] } }, known)).toBe(
      "Please name at least one country, or a country and its regions.",
    );
    expect(shippingZoneProblem({ name: "Islands", reach: { kind: "regions", country: "US", regions: [] } }, known)).toBe(
      "Please name at least one country, or a country and its regions.",
    );
    expect(shippingZoneProblem({ name: "Islands", reach: { kind: "regions", country: "US", regions: ["HI"] } }, known)).toBeNull();
  });
});
