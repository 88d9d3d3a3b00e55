// The products feed (issue 10 item 7): one item per variant (grouped), digital products priced on
// the product, gift cards left out; Google Merchant XML escaped, CSV quoted and safe from formulas.
import { feedCsv, feedItems, feedXml, type FeedProduct } from "../../../server/domain/catalog/product-feed.ts";

const url = (slug: string) => `https://shop.example/shop/p/${slug}`;
const base = { description: "", currency: "USD", price: null, salePrice: null, onSale: false, imageUrl: null };
const products: FeedProduct[] = [
  {
    ...base,
    id: 1,
    slug: "shirt",
    name: "Shirt <Linen> & co",
    description: '<p>Soft,\n"washed" linen</p>',
    productType: 1,
    imageUrl: "https://shop.example/media/k/shirt.jpg",
    variants: [
      { id: 10, sku: "S-1", price: 4500, salePrice: 0, onSale: false, unlimited: false, qtyInStock: 2 },
      { id: 11, sku: "S-2", price: 4500, salePrice: 3900, onSale: true, unlimited: false, qtyInStock: 0 },
    ],
  },
  { ...base, id: 2, slug: "ebook", name: "=HYPERLINK(1)", productType: 2, price: 1200, salePrice: 900, onSale: true, variants: [] },
  {
    ...base,
    id: 3,
    slug: "gift",
    name: "Gift",
    productType: 4,
    variants: [{ id: 30, sku: "G", price: 2500, salePrice: 0, onSale: false, unlimited: true, qtyInStock: 0 }],
  },
  {
    ...base,
    id: 4,
    slug: "yen",
    name: "Tea",
    productType: 1,
    currency: "JPY",
    variants: [{ id: 40, sku: "T", price: 4500, salePrice: 0, onSale: false, unlimited: true, qtyInStock: 0 }],
  },
];

it("lists each variant with its price, sale price and availability; digital products once; no gift cards", () => {
  expect(feedItems(products, url)).toEqual([
    expect.objectContaining({
      id: "S-1",
      itemGroupId: "P1",
      availability: "in_stock",
      price: "45.00 USD",
      salePrice: "",
      link: url("shirt"),
      imageLink: "https://shop.example/media/k/shirt.jpg",
    }),
    expect.objectContaining({ id: "S-2", itemGroupId: "P1", availability: "out_of_stock", price: "45.00 USD", salePrice: "39.00 USD" }),
    expect.objectContaining({ id: "P2", itemGroupId: null, availability: "in_stock", price: "12.00 USD", salePrice: "9.00 USD", description: "=HYPERLINK(1)" }),
    expect.objectContaining({ id: "T", itemGroupId: null, price: "4,500 JPY" }),
  ]);
  expect(feedItems(products, url)[0].description).toBe('Soft, "washed" linen');
});

it("writes Google Merchant RSS with the g: namespace, escaped", () => {
  const xml = feedXml(feedItems(products, url), { title: "Shop & Co", link: "https://shop.example/" });
  expect(xml).toContain('<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">');
  expect(xml).toContain("<title>Shop &amp; Co</title>");
  expect(xml).toContain("<title>Shirt &lt;Linen&gt; &amp; co</title>");
  expect(xml).toContain("<g:price>45.00 USD</g:price>");
  expect(xml).toContain("<g:sale_price>39.00 USD</g:sale_price>");
  expect(xml).toContain("<g:availability>out_of_stock</g:availability>");
  expect(xml).toContain("<g:image_link>https://shop.example/media/k/shirt.jpg</g:image_link>");
  expect(xml).not.toContain("<g:image_link></g:image_link>");
  expect(xml.match(/<item>/g)).toHaveLength(4);
});

it("writes a CSV with a header, quoted cells, and no cell a spreadsheet runs as a formula", () => {
  const lines = feedCsv(feedItems(products, url)).split("\r\n");
  expect(lines[0]).toBe("id,item_group_id,title,description,link,image_link,availability,price,sale_price");
  expect(lines[1]).toBe(
    'S-1,P1,Shirt <Linen> & co,"Soft, ""washed"" linen",https://shop.example/shop/p/shirt,https://shop.example/media/k/shirt.jpg,in_stock,45.00 USD,',
  );
  expect(lines[3]).toBe("P2,,'=HYPERLINK(1),'=HYPERLINK(1),https://shop.example/shop/p/ebook,,in_stock,12.00 USD,9.00 USD");
  expect(lines[4]).toBe('T,,Tea,Tea,https://shop.example/shop/p/yen,,in_stock,"4,500 JPY",');
  expect(lines).toHaveLength(6);
});
