// The storefront documents over HTTP (demo-store.md "Routes"): status codes, titles, meta and Open
// Graph tags, the product's JSON-LD, the commerce widgets, ?format=json, not found, escaping.
import { request as httpRequest } from "node:http";
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { clientEntryTags } from "../../server/pages/client-assets.ts";
import { startTestStore, type TestStore } from "../support/app.ts";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
}, 30_000);
afterAll(() => store.close());

const get = (path: string) => store.visitor().request<string>("GET", path);

/** A GET with headers fetch will not send (Host). */
function getWith(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = new URL(path, store.baseUrl);
  return new Promise((resolve, reject) => {
    httpRequest({ host: url.hostname, port: url.port, path: url.pathname + url.search, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8").on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, body }));
    })
      .on("error", reject)
      .end();
  });
}
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const meta = (html: string, property: string) => new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)">`).exec(html)?.[1];
const jsonLd = (html: string) => JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]);

describe("the front page", () => {
  it("answers 200 with an HTML document titled after the store", async () => {
    const page = await get("/");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(title(page.body)).toBe("Sitecart Demo");
    expect(page.body.startsWith("<!doctype html>")).toBe(true);
    expect(page.headers.getSetCookie().some((cookie) => cookie.startsWith("crumb="))).toBe(true);
  });

  it("is a mount point for the storefront script, with the built client's tags", async () => {
    const page = await get("/");
    expect(page.body).toContain('<div id="app"><div class="sc-doc">');
    expect(page.body).toContain(`</div></div>\n${clientEntryTags()}\n</body>`);
  });

  it("lists every product with its price display and status mark, readable without script", async () => {
    // By name here; the front page's own order is featured (the order the owner added them, issue 23).
    const { body } = await get("/?sort=name");
    const cards = [...body.matchAll(/<a class="sc-card[^"]*" href="([^"]+)">/g)].map((match) => match[1]);
    expect(cards).toEqual([
      "/shop/p/canvas-tote",
      "/shop/p/ceramic-mug",
      "/shop/p/city-poster",
      "/shop/p/coffee-club",
      "/shop/p/design-consultation",
      "/shop/p/engraved-pen",
      "/shop/p/gift-card",
      "/shop/p/linen-shirt",
      "/shop/p/recipe-ebook",
    ]);
    expect(body).toContain(
      '<span class="sc-card-title">Linen Shirt</span>\n\n\n\n<div class="product-price">\nfrom $39.00\n\n</div>\n<div class="product-mark sale">sale</div>',
    );
    expect(body).toContain(
      '<span class="sc-card-title">Canvas Tote</span>\n\n\n\n<div class="product-price">\n$25.00\n</div>\n<div class="product-mark sold-out">Back soon</div>',
    );
    expect(body).toContain(
      '<span class="visually-hidden v6-visually-hidden">Sale Price:</span>$9.00 <span class="visually-hidden v6-visually-hidden">Original Price:</span><span class="original-price">$12.00</span>',
    );
    expect(body).toContain("$20.00 every month");
    expect(body).toContain('<a class="sc-card sc-card--sold-out" href="/shop/p/canvas-tote">');
  });

  it("has the page's description and canonical address", async () => {
    const { body } = await getWith("/", { host: "shop.example:8080" });
    expect(meta(body, "description")).toBe("Shop 9 products at Sitecart Demo.");
    expect(body).toContain('<link rel="canonical" href="http://shop.example:8080/">');
    expect(meta(body, "og:type")).toBe("website");
  });

  it("sends the security headers", async () => {
    const { headers } = await get("/");
    expect(headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("a product page", () => {
  it("has the product's title, description, canonical address and Open Graph tags", async () => {
    const page = await getWith("/shop/p/linen-shirt", { host: "shop.example" });
    expect(page.status).toBe(200);
    expect(title(page.body)).toBe("Linen Shirt");
    expect(meta(page.body, "description")).toBe("A breathable shirt of washed European linen, cut for warm days and easy evenings.");
    expect(page.body).toContain('<link rel="canonical" href="http://shop.example/shop/p/linen-shirt">');
    expect(meta(page.body, "og:site_name")).toBe("Sitecart Demo");
    expect(meta(page.body, "og:type")).toBe("product");
    expect(meta(page.body, "og:title")).toBe("Linen Shirt");
    expect(meta(page.body, "og:url")).toBe("http://shop.example/shop/p/linen-shirt");
    expect(meta(page.body, "og:image")).toBe("http://shop.example/images/products/linen-shirt.svg");
    expect(meta(page.body, "product:price:amount")).toBe("39.00");
    expect(meta(page.body, "product:price:currency")).toBe("USD");
    expect(meta(page.body, "product:availability")).toBe("in stock");
  });

  it("uses https links behind a proxy that says so", async () => {
    const { body } = await getWith("/shop/p/linen-shirt", { host: "shop.example", "x-forwarded-proto": "https" });
    expect(meta(body, "og:url")).toBe("https://shop.example/shop/p/linen-shirt");
  });

  it("does not take a hostile Host header into its links", async () => {
    const { body } = await getWith("/shop/p/linen-shirt", { host: 'evil.example"><script>' });
    expect(meta(body, "og:url")).toBe("http://localhost/shop/p/linen-shirt");
  });

  it("has the product's JSON-LD on the host asked (its shape: test/services/storefront/structured-data.test.ts)", async () => {
    const { body } = await getWith("/shop/p/city-poster", { host: "shop.example" });
    const data = jsonLd(body);
    expect(data).toMatchObject({ "@context": "https://schema.org", "@type": "Product", name: "City Poster", url: "http://shop.example/shop/p/city-poster" });
    expect(data.offers.map((offer: { sku: string; price: string }) => [offer.sku, offer.price])).toEqual([
      ["POSTER-SMALL", "20.00"],
      ["POSTER-LARGE", "35.00"],
    ]);
  });

  it("shows the commerce widgets of a product with variants: price, selectors, quantity, add to cart, scarcity", async () => {
    const { body } = await get("/shop/p/linen-shirt");
    expect(body).toContain('<h1 class="sc-product-title">Linen Shirt</h1>');
    expect(body).toContain('<div class="product-price">\nfrom $39.00\n\n</div>');
    expect(body).toContain('<select aria-label="Select Size" data-variant-option-name="Size">');
    expect(body).toContain('<option value="S">S</option><option value="M">M</option><option value="L">L</option>');
    expect(body).toContain('<select aria-label="Select Color" data-variant-option-name="Color">');
    expect(body).toContain('<input aria-label="Quantity" size="4" max="9999" min="1" value="1" type="number" step="1"></input>');
    expect(body).toContain('<div class="sqs-add-to-cart-button-inner">Add To Cart</div>');
    expect(body).toContain(
      '<div class="product-scarcity" data-variant-attributes="{&quot;Size&quot;:&quot;L&quot;,&quot;Color&quot;:&quot;Blue&quot;}" hidden>\n    Only 2 left!\n  </div>',
    );
  });

  it("offers a sold-out product's restock form instead of the add-to-cart button", async () => {
    const { body } = await get("/shop/p/canvas-tote");
    expect(body).toContain('<div class="product-mark sold-out">Back soon</div>');
    expect(body).toMatch(
      /<div class="product-restock-notification" data-product-id="\d+" data-variant-id="\d+">\n {2}<span class="product-restock-cta">Get notified when this is back in stock.<\/span>/,
    );
    expect(body).toContain('<input class="sqs-editable-button" type="submit" value="Notify Me">');
    expect(body).not.toContain('<div class="sqs-add-to-cart-button-wrapper"');
    expect(body).not.toContain('<div class="product-quantity-input"');
  });

  it("labels a subscription's button Subscribe and prices it per period", async () => {
    const { body } = await get("/shop/p/coffee-club");
    expect(body).toContain('<div class="product-price">\n$20.00 every month\n</div>');
    expect(body).toContain('data-is-subscription="true" data-original-label="Subscribe"');
    expect(body).not.toContain('<div class="product-quantity-input"');
  });

  it("marks a product with an additional-fields form so that the button opens it", async () => {
    const { body } = await get("/shop/p/engraved-pen");
    expect(body).toContain("sqs-button-element--primary use-form");
    expect(body).toMatch(/data-form="\{&quot;id&quot;:&quot;\d+&quot;,&quot;key&quot;:&quot;engraving&quot;/);
  });

  it("answers 404 with the not-found document for an unknown product", async () => {
    const page = await get("/shop/p/no-such-thing");
    expect(page.status).toBe(404);
    expect(title(page.body)).toBe("Page not found");
  });
});

describe("the other pages", () => {
  it.each([
    ["/cart", "Cart"],
    ["/cart/", "Cart"],
    ["/checkout", "Checkout"],
    ["/contact", "Contact"],
  ])("%s is a document titled %s for the storefront script", async (path, expected) => {
    const page = await get(path);
    expect(page.status).toBe(200);
    expect(title(page.body)).toBe(expected);
    expect(page.body).toContain('<div id="app">');
    expect(page.body).toContain("<noscript>");
  });

  it("serves a store's page at /{urlId}: the demo's Shop at /shop, listing its products", async () => {
    const page = await get("/shop");
    expect(page.status).toBe(200);
    expect(title(page.body)).toBe("Shop");
    expect(page.body).toContain("Ceramic Mug");
  });

  it.each(["/nope", "/no-such-collection", "/shop/p/", "/configuration", "/cart/extra", "/order-confirmed/", "/%E0%A4%A"])(
    "%s is not a page: 404 with the not-found document",
    async (path) => {
      const page = await get(path);
      expect(page.status).toBe(404);
      expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(title(page.body)).toBe("Page not found");
      expect(page.body).toContain("There is no page at this address.");
      expect(page.body).not.toContain('rel="canonical"');
    },
  );

  it("answers HEAD with the status and headers only", async () => {
    const found = await store.visitor().request("HEAD", "/shop/p/linen-shirt");
    expect(found.status).toBe(200);
    expect(found.body).toBe("");
    expect((await store.visitor().request("HEAD", "/nope")).status).toBe(404);
  });

  it("leaves unknown API addresses to the API's JSON 404", async () => {
    const page = await store.visitor().request("GET", "/api/no-such-thing");
    expect(page.status).toBe(404);
    expect(page.body).toEqual({ error: "Not found." });
  });

  it("leaves other methods to the rest of the app", async () => {
    const page = await store.visitor().request("POST", "/cart", { body: {} });
    expect(page.status).toBe(404);
    expect(page.body).toEqual({ error: "Not found." });
  });
});

describe("search", () => {
  it("finds products by name, case-insensitively, readable without script", async () => {
    const page = await get("/search?q=SHIRT");
    expect(page.status).toBe(200);
    expect(title(page.body)).toBe("Search");
    expect(page.body).toContain('<input class="sc-input" id="sc-search-q" type="search" name="q" value="SHIRT"');
    expect(page.body).toContain('<p class="sc-search-summary">1 result for “SHIRT”</p>');
    expect(page.body).toContain('<a class="sc-card" href="/shop/p/linen-shirt">');
    expect(page.body).not.toContain("/shop/p/ceramic-mug");
  });

  it("counts several results", async () => {
    const { body } = await get("/search?q=c");
    expect(body).toContain("7 results for “c”");
  });

  it("says when nothing matches, and shows only the form without a query", async () => {
    expect((await get("/search?q=zebra")).body).toContain("No products match “zebra”.");
    const empty = await get("/search");
    expect(empty.body).toContain('name="q" value=""');
    expect(empty.body).not.toContain('<a class="sc-card');
  });

  it("never prints the query as markup", async () => {
    const { body } = await get(`/search?q=${encodeURIComponent('"><script>alert(1)</script>')}`);
    expect(body).not.toContain("<script>alert(1)");
    expect(body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(body).toContain('No products match “"&gt;&lt;script&gt;alert(1)&lt;/script&gt;”.');
  });
});

describe("?format=json", () => {
  it("answers a product page's context as JSON", async () => {
    const raw = await getWith("/shop/p/recipe-ebook?format=json", { host: "shop.example" });
    expect(raw.status).toBe(200);
    const page = { body: JSON.parse(raw.body) };
    expect((await store.visitor().request("GET", "/shop/p/recipe-ebook?format=json")).headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(page.body).toMatchObject({
      website: { siteTitle: "Sitecart Demo", timeZone: "America/New_York", baseUrl: "http://shop.example" },
      pageTitle: "Recipe eBook",
      item: { title: "Recipe eBook", recordType: 11, onSale: true, soldOut: false, structuredContent: { productType: 2 } },
    });
    expect(page.body.developer).toBeUndefined();
  });

  it("answers the front page's context with its items", async () => {
    const page = await store.visitor().request("GET", "/?format=json");
    expect(page.body.items).toHaveLength(9);
    expect(page.body.collection).toMatchObject({ title: "Shop", typeName: "products", itemCount: 9 });
  });

  it("answers 404 with the not-found context for an unknown page", async () => {
    const page = await store.visitor().request("GET", "/nope?format=json");
    expect(page.status).toBe(404);
    expect(page.body).toMatchObject({ pageType: 100, pageTitle: "Page not found", canonicalUrl: null });
  });
});

describe("the order confirmation", () => {
  async function makeOrder(answer: string) {
    const pen = await store.db.product.findFirstOrThrow({ where: { slug: "engraved-pen" }, include: { variants: true } });
    const id = `ord_${Math.random().toString(36).slice(2)}`;
    const count = await store.db.order.count();
    await store.db.order.create({
      data: {
        id,
        orderNumber: 1000 + count,
        websiteId: DEMO_WEBSITE_ID,
        purchasedCartId: `cart_${id}`,
        customerEmail: "shopper@example.com",
        currency: "USD",
        subtotal: 6400,
        discountTotal: 640,
        taxTotal: 511,
        shippingTotal: 0,
        grandTotal: 6271,
        shippingOption: "Standard",
        items: {
          create: [
            {
              productId: pen.id,
              variantId: pen.variants[0].id,
              sku: "PEN-BRASS",
              productName: pen.name,
              productType: 1,
              quantity: 2,
              unitPrice: 3200,
              additionalFields: JSON.stringify({ engraving: answer }),
            },
          ],
        },
      },
    });
    return id;
  }

  it("summarises the order: items, answers, totals", async () => {
    const id = await makeOrder("For Ana");
    const page = await get(`/order-confirmed/${id}`);
    expect(page.status).toBe(200);
    expect(title(page.body)).toBe("Order confirmed");
    expect(page.body).toMatch(/Thank you! Your order #\d+ is confirmed\. This store is in test mode: nothing was charged\./);
    expect(page.body).toContain('<span style="font-weight:bold;">Engraving:</span> For Ana');
    expect(page.body).toContain("<td>$64.00</td>");
    expect(page.body).toContain('<tr><th scope="row">Discount</th><td>−$6.40</td></tr>');
    expect(page.body).toContain('<tr><th scope="row">Shipping (Standard)</th><td>Free</td></tr>');
    expect(page.body).toContain('<tr class="sc-total"><th scope="row">Total</th><td>$62.71</td></tr>');
    expect(page.body).not.toContain("shopper@example.com");
  });

  it("never lets a form answer become live markup", async () => {
    const id = await makeOrder('<img src=x onerror="alert(1)"><script>alert(2)</script>');
    const { body } = await get(`/order-confirmed/${id}`);
    expect(body).not.toContain("<img src=x");
    expect(body).not.toContain("<script>alert(2)");
    expect(body).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;");
  });

  it("answers 404 for an order that does not exist", async () => {
    const page = await get("/order-confirmed/ord_missing");
    expect(page.status).toBe(404);
    expect(title(page.body)).toBe("Page not found");
  });
});

describe("hostile product names", () => {
  beforeAll(async () => {
    await store.db.product.create({
      data: {
        websiteId: DEMO_WEBSITE_ID,
        slug: "hostile",
        name: '</script><script>alert("x")</script><!--<script>',
        description: '<img src=x onerror="alert(1)">',
        productType: 2,
        price: 100,
      },
    });
  });

  it("never come out as live markup on the front page", async () => {
    const { body } = await get("/");
    expect(body).not.toContain('<script>alert("x")');
    expect(body).toContain('&lt;/script&gt;&lt;script&gt;alert("x")&lt;/script&gt;&lt;!--&lt;script&gt;');
  });

  it("never come out as live markup on the product page, its meta tags or its JSON-LD", async () => {
    const { body } = await get("/shop/p/hostile");
    expect(body).not.toContain('<script>alert("x")');
    expect(body).not.toContain("<img src=x");
    expect(title(body)).toBe('&lt;/script&gt;&lt;script&gt;alert("x")&lt;/script&gt;&lt;!--&lt;script&gt;');
    expect(meta(body, "og:title")).toBe("&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;!--&lt;script&gt;");
    expect(jsonLd(body).name).toBe('</script><script>alert("x")</script><!--<script>');
    expect(jsonLd(body).description).toBe('<img src=x onerror="alert(1)">');
  });
});
