// The parts of the product purchase that own their own fragment: the add button when sold out, the
// scarcity text, the restock area, and the additional-fields form's lightbox (spec §4, §5).
import { act, fireEvent, screen } from "@testing-library/react";
import { added, engravedPen, linenShirt, renderProduct } from "../../support/product.tsx";
import { answerLatest } from "../../support/render.tsx";

const choose = (label: string, value: string) => fireEvent.change(screen.getByDisplayValue(label), { target: { value } });
const chooseVariant = (size: string, color: string) => {
  choose("Select Size", size);
  choose("Select Color", color);
};
/** Lets the lazily loaded restock widget arrive. */
const settle = () => act(async () => void (await Promise.resolve()));

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe("sold out (spec §5)", () => {
  it("shows a disabled 'sold out' button without a quantity input when the owner set no text", async () => {
    await renderProduct(
      linenShirt({ soldOut: true, merchandising: { ...linenShirt().merchandising, customSoldOutText: null, restockNotificationsEnabled: false } }),
    );
    expect((screen.getByRole("button", { name: "sold out" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole("spinbutton")).toBeNull();
  });

  it("treats a chosen variant with no stock as sold out and offers its waitlist (L/White: 0)", async () => {
    await renderProduct(linenShirt());
    chooseVariant("L", "White");
    await settle();
    expect((screen.getByRole("button", { name: "sold out" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("Tell me when it is back")).toBeTruthy();
  });

  it("offers no waitlist when the owner has restock notifications off", async () => {
    await renderProduct(linenShirt({ merchandising: { ...linenShirt().merchandising, restockNotificationsEnabled: false } }));
    chooseVariant("L", "White");
    await settle();
    expect(screen.getByRole("button", { name: "sold out" })).toBeTruthy();
    expect(document.querySelector(".product-restock-notification")).toBeNull();
  });

  it("offers no waitlist for a variant in stock", async () => {
    await renderProduct(linenShirt());
    chooseVariant("S", "White");
    await settle();
    expect(screen.getByRole("button", { name: "Add To Cart" })).toBeTruthy();
    expect(document.querySelector(".product-restock-notification")).toBeNull();
  });

  it("never calls a digital product's variant sold out, whatever its stock", async () => {
    await renderProduct(
      linenShirt({
        productType: "DIGITAL",
        hasVariants: false,
        variantOptions: [],
        quantityInputShown: false,
        variants: [{ variantId: 9, sku: "EBOOK", attributes: [], qtyInStock: 0, unlimited: false }],
      }),
    );
    expect((screen.getByRole("button", { name: "Add To Cart" }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe("scarcity text (spec §5)", () => {
  it("is not shown for a variant with more than a few left (S/White: 10)", async () => {
    await renderProduct(linenShirt());
    chooseVariant("S", "White");
    expect(document.querySelector(".product-scarcity")).toBeNull();
  });

  it("is not shown when the owner has it off", async () => {
    await renderProduct(linenShirt({ merchandising: { ...linenShirt().merchandising, scarcityEnabled: false } }));
    chooseVariant("L", "Blue");
    expect(document.querySelector(".product-scarcity")).toBeNull();
  });
});

describe("the additional-fields form's lightbox", () => {
  const pen = () => engravedPen({ variantId: 5 });

  it("keeps the answers when closed and opened again", async () => {
    await renderProduct(pen());
    fireEvent.click(screen.getByRole("button", { name: "Add To Cart" }));
    fireEvent.change(await screen.findByRole("textbox", { name: /Engraving/ }), { target: { value: "For Ada" } });
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Add To Cart" }));
    expect((screen.getByRole("textbox", { name: /Engraving/ }) as HTMLInputElement).value).toBe("For Ada");
  });

  it("closes after a successful add, and the add button says 'Added!' 1 s later", async () => {
    const { environment } = await renderProduct(pen());
    fireEvent.click(screen.getByRole("button", { name: "Add To Cart" }));
    fireEvent.change(await screen.findByRole("textbox", { name: /Engraving/ }), { target: { value: "For Ada" } });
    fireEvent.submit((await screen.findByRole("dialog")).querySelector("form")!);
    expect(screen.getByRole("dialog").querySelector("button[type=submit]")!.textContent).toBe("Adding…");
    await answerLatest(environment, added);
    expect(screen.queryByRole("dialog")).toBeNull();
    act(() => void jest.advanceTimersByTime(1000));
    expect(screen.getByRole("button", { name: "Added!" })).toBeTruthy();
  });
});
