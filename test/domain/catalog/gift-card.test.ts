// Gift card (spec storefront §5: needs a denomination, 'Select a denomination for the Gift Card');
// the demo gift card's denominations are 2500, 5000 and 10000 (demo-store.md).
import { chooseDenomination } from "../../../server/domain/catalog/gift-card.ts";

const demoDenominations = [2500, 5000, 10000];

describe("chooseDenomination", () => {
  it.each([2500, 5000, 10000])("accepts the configured denomination %i", (amount) => {
    expect(chooseDenomination(demoDenominations, amount)).toEqual({ ok: true, amount });
  });

  it.each([
    ["no denomination", null],
    ["an absent denomination", undefined],
    ["an amount that is not a denomination", 3000],
    ["zero", 0],
  ])("needs a denomination: %s gives 'Select a denomination for the Gift Card'", (_, chosen) => {
    expect(chooseDenomination(demoDenominations, chosen)).toEqual({
      ok: false,
      message: "Select a denomination for the Gift Card",
    });
  });

  it("needs a denomination when the gift card has none configured", () => {
    expect(chooseDenomination([], 2500)).toEqual({ ok: false, message: "Select a denomination for the Gift Card" });
  });
});
