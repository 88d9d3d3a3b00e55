// Variant selection (spec storefront §5 "Variant selection") and the option selectors of
// template-language.md §14.6 (one option per name in variantOptionOrdering, values first-seen).
import { selectVariant, variantOptions } from "../../../server/domain/catalog/variant-selection.ts";
import { canvasToteVariants, linenShirtVariants } from "./demo-products.ts";

const linenOrdering = ["Size", "Color"];

describe("variantOptions", () => {
  it("gives one option per name in variantOptionOrdering, in that order", () => {
    expect(variantOptions(["Color", "Size"], linenShirtVariants).map((option) => option.name)).toEqual(["Color", "Size"]);
  });

  it("lists the distinct values in first-seen order (the linen shirt)", () => {
    expect(variantOptions(linenOrdering, linenShirtVariants)).toEqual([
      { name: "Size", values: ["S", "M", "L"] },
      { name: "Color", values: ["White", "Blue"] },
    ]);
  });

  it("keeps first-seen order rather than sorting", () => {
    const variants = [{ attributes: { Size: "M" } }, { attributes: { Size: "XS" } }, { attributes: { Size: "M" } }, { attributes: { Size: "L" } }];
    expect(variantOptions(["Size"], variants)).toEqual([{ name: "Size", values: ["M", "XS", "L"] }]);
  });

  it("ignores attribute names not in the ordering", () => {
    const variants = [{ attributes: { Size: "S", Fit: "Slim" } }, { attributes: { Size: "M", Fit: "Loose" } }];
    expect(variantOptions(["Size"], variants)).toEqual([{ name: "Size", values: ["S", "M"] }]);
  });

  it("still gives an option whose name no variant uses, with no values", () => {
    expect(variantOptions(["Color", "Material"], canvasToteVariants)).toEqual([
      { name: "Color", values: ["Natural", "Black"] },
      { name: "Material", values: [] },
    ]);
  });

  it("gives no options for an empty ordering", () => {
    expect(variantOptions([], linenShirtVariants)).toEqual([]);
  });
});

describe("selectVariant", () => {
  it.each([
    ["no option is chosen", {}, "Please select the Size and Color options."],
    ["Size is chosen", { Size: "M" }, "Please select the Color option."],
    ["Color is chosen", { Color: "Blue" }, "Please select the Size option."],
    ["Size is left empty", { Size: "", Color: "Blue" }, "Please select the Size option."],
    ["both are null", { Size: null, Color: null }, "Please select the Size and Color options."],
  ])("linen shirt, when %s: %j", (_, chosen, message) => {
    expect(selectVariant(linenOrdering, linenShirtVariants, chosen)).toEqual({ ok: false, code: "OPTIONS_NOT_SELECTED", message });
  });

  it("names unselected options in the product's option order, whatever the order of the choice", () => {
    const result = selectVariant(["Color", "Size"], linenShirtVariants, {});
    expect(result).toEqual({ ok: false, code: "OPTIONS_NOT_SELECTED", message: "Please select the Color and Size options." });
  });

  describe("with three options", () => {
    const ordering = ["Size", "Color", "Material"];
    const variants = [{ attributes: { Size: "S", Color: "White", Material: "Linen" } }, { attributes: { Size: "M", Color: "Blue", Material: "Cotton" } }];

    it.each([
      [{}, "Please select the Size, Color and Material options."],
      [{ Color: "Blue" }, "Please select the Size and Material options."],
      [{ Size: "S", Color: "White" }, "Please select the Material option."],
    ])("when %j is chosen: %j", (chosen, message) => {
      expect(selectVariant(ordering, variants, chosen)).toEqual({ ok: false, code: "OPTIONS_NOT_SELECTED", message });
    });

    it("finds the variant when all three match", () => {
      expect(selectVariant(ordering, variants, { Size: "M", Color: "Blue", Material: "Cotton" })).toEqual({ ok: true, variant: variants[1] });
    });
  });

  it("finds the variant matching every chosen option", () => {
    const result = selectVariant(linenOrdering, linenShirtVariants, { Size: "L", Color: "Blue" });
    expect(result).toEqual({ ok: true, variant: linenShirtVariants[5] });
  });

  it("finds a variant with no stock: stock is checked separately", () => {
    const result = selectVariant(linenOrdering, linenShirtVariants, { Size: "L", Color: "White" });
    expect(result).toEqual({ ok: true, variant: linenShirtVariants[2] });
  });

  it.each([[{ Size: "XL", Color: "White" }], [{ Size: "S", Color: "Green" }], [{ Size: "s", Color: "white" }]])(
    "no matching variant for %j: 'Sorry, that item variant is unavailable. Please select another variant.'",
    (chosen) => {
      expect(selectVariant(linenOrdering, linenShirtVariants, chosen)).toEqual({
        ok: false,
        code: "VARIANT_UNAVAILABLE",
        message: "Sorry, that item variant is unavailable. Please select another variant.",
      });
    },
  );

  it("asks for unselected options before checking for a matching variant", () => {
    const result = selectVariant(linenOrdering, linenShirtVariants, { Size: "XL" });
    expect(result).toEqual({ ok: false, code: "OPTIONS_NOT_SELECTED", message: "Please select the Color option." });
  });

  it("needs no choice for a product with a single variant", () => {
    const mug = [{ attributes: {} }];
    expect(selectVariant([], mug, {})).toEqual({ ok: true, variant: mug[0] });
  });

  it("takes the single variant even when the product names options", () => {
    const only = [{ attributes: { Size: "One size" } }];
    expect(selectVariant(["Size"], only, {})).toEqual({ ok: true, variant: only[0] });
  });
});
