// The store's shipping zones (issue 14; owner screens are issue 10): listed in order with their
// options, added, changed (options kept by id, added, removed), deleted; a change reaches the cached
// store settings, so carts are priced with it at once.
import { createDemoStoreServices, type DemoStoreServices } from "../../support/services.ts";

let demo: DemoStoreServices;
beforeAll(async () => {
  demo = await createDemoStoreServices();
});
afterAll(() => demo.close());

const zones = () => demo.services.shippingZones;
/** Waits for the settings cache to hear the change (the event is delivered asynchronously). */
async function settingsZones() {
  for (let attempt = 0; attempt < 50; attempt++) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  return (await demo.services.settings.get()).shippingZones.map((zone) => [zone.name, zone.options.map((option) => option.name)]);
}

it("lists the demo store's zones: the US with Standard and Express, then the rest of the world", async () => {
  expect((await zones().list()).map((zone) => [zone.name, zone.reach, zone.options.map(({ name, price }) => [name, price])])).toEqual([
    [
      "United States",
      { kind: "countries", countries: ["US"] },
      [
        ["Standard", 500],
        ["Express", 1500],
      ],
    ],
    [
      "Rest of the world",
      { kind: "restOfWorld" },
      [
        ["International", 2500],
        ["International Express", 4500],
      ],
    ],
  ]);
});

it("adds a zone by regions, changes its options keeping the ids of those it keeps, and deletes it", async () => {
  const added = await zones().save({
    name: "Hawaii and Alaska",
    reach: { kind: "regions", country: "us", regions: ["hi", "ak"] },
    options: [
      { name: "Air", price: 4000 },
      { name: "Sea", price: 2000 },
    ],
  });
  expect(added.reach).toEqual({ kind: "regions", country: "US", regions: ["HI", "AK"] });
  expect(await settingsZones()).toContainEqual(["Hawaii and Alaska", ["Air", "Sea"]]);

  const air = added.options.find((option) => option.name === "Air")!;
  const changed = await zones().save(
    {
      name: "Hawaii and Alaska",
      reach: added.reach,
      options: [
        { id: air.id, name: "Air", price: 4500 },
        { name: "Boat", price: 1000 },
      ],
    },
    added.id,
  );
  expect(changed.options).toEqual([
    { id: air.id, name: "Air", price: 4500 },
    { id: expect.any(Number), name: "Boat", price: 1000 },
  ]);

  await zones().delete(added.id);
  expect((await zones().list()).map((zone) => zone.name)).toEqual(["United States", "Rest of the world"]);
  expect(await demo.db.shippingOption.count({ where: { name: { in: ["Air", "Boat", "Sea"] } } })).toBe(0);
  expect(await settingsZones()).not.toContainEqual(expect.arrayContaining(["Hawaii and Alaska"]));
});

it("refuses a zone that names no country, and a zone of another site or none", async () => {
  await expect(zones().save({ name: "Nowhere", reach: { kind: "countries", countries: [] }, options: [] })).rejects.toThrow(
    "Please name at least one country, or a country and its regions.",
  );
  await expect(zones().save({ name: "Gone", reach: { kind: "restOfWorld" }, options: [] }, 999_999)).rejects.toThrow("That shipping zone could not be found.");
  await expect(zones().delete(999_999)).rejects.toThrow("That shipping zone could not be found.");
});
