// Our commerce formatters and predicates decide states with server/domain instead of the library's
// own copy of the rules; on well-formed product data both must print the same bytes. The library's
// Compiler with its own tables is the reference here.
import { join } from "node:path";
import { Compiler } from "@squarespace/template-engine";
import { renderTemplate } from "../../server/template/index.ts";
import { cldrFor } from "../../server/template/locale.ts";
import { caseInput, loadCases } from "./case-file.ts";

const TEMPLATE = [
  "{@|from-price}|{@|normal-price}|{@|sale-price}",
  "{.sold-out?}S{.or}-{.end}{.on-sale?}O{.or}-{.end}{.varied-prices?}V{.or}-{.end}{.has-variants?}H{.or}-{.end}",
  "{@|product-status}{@|product-price}{@|product-price style:code}{@|subscription-price}",
  "{@|quantity-input}{@|variants-select}{@|add-to-cart-btn}{@|product-checkout}{@|item-classes}",
].join("\n");

const reference = new Compiler();

function both(product: unknown, root: Record<string, unknown> = {}) {
  const data = { ...root, p: product };
  const ours = renderTemplate(`{.section p}${TEMPLATE}{.end}`, data).html;
  const theirs = reference.execute({ code: `{.section p}${TEMPLATE}{.end}`, json: data, cldr: cldrFor("en"), enableExpr: true, enableInclude: true });
  return { ours, theirs: theirs.ctx.render(), referenceErrors: theirs.errors };
}

/** A small deterministic generator (mulberry32), so every run checks the same products. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generatedProduct(next: () => number, index: number) {
  const pick = <T>(values: T[]) => values[Math.floor(next() * values.length)];
  const productType = pick([1, 1, 2, 3, 4]);
  const money = (cents: number) => ({ value: (cents / 100).toFixed(2), currency: "USD" });
  const sizes = ["S", "M", "L"];
  const variants = Array.from({ length: productType === 2 ? 0 : pick([0, 1, 2, 3]) }, (_, v) => {
    const price = pick([1000, 1500, 2500]);
    const onSale = next() < 0.3;
    const salePrice = onSale ? price - pick([100, 500]) : 0;
    return {
      attributes: { Size: sizes[v] },
      price,
      salePrice,
      onSale,
      priceMoney: money(price),
      salePriceMoney: money(salePrice),
      unlimited: next() < 0.3,
      qtyInStock: pick([0, 1, 2, 5]),
      ...(next() < 0.2 ? { pricingOptions: [{ priceMoney: money(price + 100), onSale, salePriceMoney: money(salePrice + 100) }] } : {}),
    };
  });
  const subscribable = (productType === 1 || productType === 3) && next() < 0.2;
  return {
    id: `g${index}`,
    collectionId: "c",
    recordType: 11,
    structuredContent: {
      productType,
      variantOptionOrdering: variants.length ? ["Size"] : [],
      ...(productType === 2 ? { priceMoney: money(1200), salePriceMoney: money(900), onSale: next() < 0.5 } : { variants }),
      ...(subscribable
        ? {
            isSubscribable: true,
            subscriptionPlan: { billingPeriod: { value: pick([1, 2]), unit: pick(["WEEK", "MONTH"]) }, numBillingCycles: pick([0, 6, 26]) },
          }
        : {}),
    },
  };
}

it("prints what the library prints for every demo product's page context", () => {
  const demos = loadCases(join(__dirname, "cases", "demo-products"));
  expect(demos).toHaveLength(9);
  for (const demo of demos) {
    const { data } = caseInput(demo.sections) as { data: Record<string, unknown> };
    const { ours, theirs, referenceErrors } = both(data.item, data);
    expect(referenceErrors).toEqual([]);
    expect(ours).toBe(theirs);
  }
});

it("prints what the library prints for 300 generated products, legacy and CLDR money alike", () => {
  const next = random(20261122);
  for (let i = 0; i < 300; i++) {
    const product = generatedProduct(next, i);
    const root = i % 2 ? { featureFlags: { useCLDRMoneyFormat: true } } : {};
    const { ours, theirs } = both(product, root);
    expect({ product, ours }).toEqual({ product, ours: theirs });
  }
});
