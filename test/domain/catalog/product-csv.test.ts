// The product CSV's rules (domain/catalog/product-csv.ts): Shopify's columns mapped to our product and
// variants, each problem named by row and column, and a product written back to the same columns.
import { formatRowError, PRODUCT_CSV_COLUMNS, productCsvRows, readProductCsv } from "../../../server/domain/catalog/product-csv.ts";

const HEADER = [...PRODUCT_CSV_COLUMNS];
type Row = Partial<Record<(typeof PRODUCT_CSV_COLUMNS)[number], string>>;
const table = (...rows: Row[]) => [HEADER, ...rows.map((row) => HEADER.map((column) => row[column] ?? ""))];
const read = (...rows: Row[]) => readProductCsv(table(...rows), "USD");
const texts = (...rows: Row[]) => read(...rows).errors.map(formatRowError);

const TEE: Row = {
  Handle: "classic-tee",
  Title: "Classic Tee",
  "Body (HTML)": "<p>Soft cotton</p>",
  Published: "TRUE",
  "Option1 Name": "Size",
  "Option1 Value": "S",
  "Option2 Name": "Color",
  "Option2 Value": "White",
  "Variant SKU": "TEE-S-W",
  "Variant Inventory Qty": "12",
  "Variant Price": "25.00",
  "Image Src": "https://cdn.example.com/tee.jpg",
  Collection: "Shop",
};

describe("readProductCsv", () => {
  it("maps Handle, Title, Body (HTML), Published, Image Src and Collection to the product", () => {
    const { products, errors } = read(TEE);
    expect(errors).toEqual([]);
    expect(products).toHaveLength(1);
    expect(products[0]).toMatchObject({
      row: 2,
      slug: "classic-tee",
      name: "Classic Tee",
      description: "<p>Soft cotton</p>",
      visible: true,
      image: "https://cdn.example.com/tee.jpg",
      collection: "Shop",
      optionNames: ["Size", "Color"],
    });
  });

  it("reads one variant per row, the first row of a handle carrying the product", () => {
    const { products } = read(TEE, {
      Handle: "classic-tee",
      "Option1 Value": "M",
      "Option2 Value": "Black",
      "Variant SKU": "TEE-M-B",
      "Variant Price": "26.5",
    });
    expect(products[0].variants).toEqual([
      { row: 2, sku: "TEE-S-W", attributes: { Size: "S", Color: "White" }, price: 2500, salePrice: 0, onSale: false, unlimited: false, qtyInStock: 12 },
      { row: 3, sku: "TEE-M-B", attributes: { Size: "M", Color: "Black" }, price: 2650, salePrice: 0, onSale: false, unlimited: true, qtyInStock: 0 },
    ]);
  });

  it("reads a Compare At Price above the price as a sale: the compare-at is the regular price", () => {
    const [variant] = read({ ...TEE, "Variant Price": "20", "Variant Compare At Price": "25.00" }).products[0].variants;
    expect(variant).toMatchObject({ price: 2500, salePrice: 2000, onSale: true });
    const [notASale] = read({ ...TEE, "Variant Price": "20", "Variant Compare At Price": "15.00" }).products[0].variants;
    expect(notASale).toMatchObject({ price: 2000, salePrice: 0, onSale: false });
  });

  it("reads Published FALSE as hidden, in any case, and empty as published", () => {
    expect(read({ ...TEE, Published: "false" }).products[0].visible).toBe(false);
    expect(read({ ...TEE, Published: "" }).products[0].visible).toBe(true);
  });

  it("reads Shopify's Title / Default Title as a product without options, and makes a SKU from the handle when none is given", () => {
    const [product] = read({ Handle: "mug", Title: "Mug", "Option1 Name": "Title", "Option1 Value": "Default Title", "Variant Price": "9" }).products;
    expect(product.optionNames).toEqual([]);
    expect(product.variants[0]).toMatchObject({ sku: "mug", attributes: {} });
  });

  it("skips Shopify's image-only rows and blank rows", () => {
    const { products, errors, rows } = read(TEE, { Handle: "classic-tee", "Image Src": "https://cdn.example.com/back.jpg" }, {});
    expect(errors).toEqual([]);
    expect(rows).toBe(3);
    expect(products[0].variants).toHaveLength(1);
  });

  it.each<[string, Row, string]>([
    ["a missing handle", { ...TEE, Handle: "" }, "Row 2, Handle: Every row needs the product's handle."],
    ["a missing title", { ...TEE, Title: " " }, "Row 2, Title: Enter the product's name (at most 200 characters)."],
    ["a title over 200 characters", { ...TEE, Title: "x".repeat(201) }, "Row 2, Title: Enter the product's name (at most 200 characters)."],
    ["a price that is no number", { ...TEE, "Variant Price": "abc" }, "Row 2, Variant Price: Write the price as a number like 19.99, from 0 to 1000000.00."],
    [
      "a price with three decimals",
      { ...TEE, "Variant Price": "1.999" },
      "Row 2, Variant Price: Write the price as a number like 19.99, from 0 to 1000000.00.",
    ],
    [
      "a price over the limit",
      { ...TEE, "Variant Price": "1000000.01" },
      "Row 2, Variant Price: Write the price as a number like 19.99, from 0 to 1000000.00.",
    ],
    [
      "a negative compare-at price",
      { ...TEE, "Variant Compare At Price": "-3" },
      "Row 2, Variant Compare At Price: Write the price as a number like 19.99, from 0 to 1000000.00.",
    ],
    [
      "a stock that is no whole number",
      { ...TEE, "Variant Inventory Qty": "2.5" },
      "Row 2, Variant Inventory Qty: Write the stock as a whole number from 0 to 1000000, or leave it empty for unlimited stock.",
    ],
    [
      "a stock over the limit",
      { ...TEE, "Variant Inventory Qty": "1000001" },
      "Row 2, Variant Inventory Qty: Write the stock as a whole number from 0 to 1000000, or leave it empty for unlimited stock.",
    ],
    ["a Published that is neither TRUE nor FALSE", { ...TEE, Published: "maybe" }, "Row 2, Published: Write TRUE or FALSE (empty: published)."],
    ["a SKU over 100 characters", { ...TEE, "Variant SKU": "S".repeat(101) }, "Row 2, Variant SKU: At most 100 characters."],
    [
      "an option value without its name",
      { ...TEE, "Option3 Value": "Large" },
      "Row 2, Option3 Value: Option names and values are at most 100 characters; a value needs its option's name.",
    ],
    ["an image URL over 2000 characters", { ...TEE, "Image Src": `https://x/${"a".repeat(2000)}` }, "Row 2, Image Src: At most 2000 characters."],
  ])("names %s by row and column", (_case, row, message) => {
    const reading = read(row);
    expect(reading.errors.map(formatRowError)).toEqual([message]);
    expect(reading.products).toEqual([]);
    expect(reading.invalidProducts).toBe(1);
  });

  it("names a SKU or an option combination used twice in one product on the later row", () => {
    expect(texts(TEE, { ...TEE, Title: "", "Option1 Value": "M" })).toEqual(["Row 3, Variant SKU: Another row of this product already uses that SKU."]);
    expect(texts(TEE, { Handle: "classic-tee", "Option1 Value": "S", "Option2 Value": "White", "Variant SKU": "OTHER", "Variant Price": "1" })).toEqual([
      "Row 3, Option1 Value: Another row of this product already has these option values.",
    ]);
  });

  it("names two handles that make the same URL", () => {
    expect(texts(TEE, { ...TEE, Handle: "Classic Tee", "Variant SKU": "X" })).toEqual([
      "Row 3, Handle: This handle becomes the URL of another product's row in the file.",
    ]);
  });

  it("leaves out only the products with a problem, numbering rows as the spreadsheet does", () => {
    const reading = read(TEE, { Handle: "mug", Title: "Mug", "Variant Price": "9" }, { Handle: "bad", Title: "Bad", "Variant Price": "free" });
    expect(reading.products.map((product) => product.slug)).toEqual(["classic-tee", "mug"]);
    expect(reading.errors.map(formatRowError)).toEqual(["Row 4, Variant Price: Write the price as a number like 19.99, from 0 to 1000000.00."]);
  });

  it("names a required column missing from the header on row 1", () => {
    const reading = readProductCsv(
      [
        ["Handle", "Title"],
        ["mug", "Mug"],
      ],
      "USD",
    );
    expect(reading.errors.map(formatRowError)).toEqual(["Row 1, Variant Price: This column is missing from the file's first row."]);
  });

  it("reads prices in the store's currency: yen have no decimals", () => {
    expect(readProductCsv(table({ Handle: "mug", Title: "Mug", "Variant Price": "1200" }), "JPY").products[0].variants[0].price).toBe(1200);
    expect(readProductCsv(table({ Handle: "mug", Title: "Mug", "Variant Price": "12.5" }), "JPY").errors[0].message).toBe(
      "Write the price as a number like 19.99, from 0 to 100000000.",
    );
  });
});

describe("productCsvRows", () => {
  it("writes what readProductCsv reads back the same (sale, unlimited stock, options, hidden)", () => {
    const rows = [
      TEE,
      {
        Handle: "classic-tee",
        "Option1 Value": "M",
        "Option2 Value": "Black",
        "Variant SKU": "TEE-M-B",
        "Variant Price": "20",
        "Variant Compare At Price": "26.50",
      },
    ];
    const [product] = read({ ...TEE, Published: "FALSE" }, rows[1]).products;
    const written = productCsvRows({ ...product, imageUrl: product.image }, "USD");
    expect(written[0][HEADER.indexOf("Published")]).toBe("FALSE");
    expect(written[1][HEADER.indexOf("Variant Price")]).toBe("20.00");
    expect(written[1][HEADER.indexOf("Variant Compare At Price")]).toBe("26.50");
    expect(written[1][HEADER.indexOf("Variant Inventory Qty")]).toBe("");
    const [again] = readProductCsv([HEADER, ...written], "USD").products;
    expect(again).toEqual(product);
  });
});
