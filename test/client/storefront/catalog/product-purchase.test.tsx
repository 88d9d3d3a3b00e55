// The product page's purchase states and messages (spec §4, §5, §8), in jsdom with Relay's mock
// environment and fake timers for the 1 s / 2 s button states.
import { act, fireEvent, screen } from "@testing-library/react";
import { HttpFailure } from "../../../../client/shared/relay/errors.ts";
import { added, engravedPen, linenShirt, refused, renderProduct } from "../../support/product.tsx";
import { answerLatest, failLatest } from "../../support/render.tsx";

const addButton = () => screen.getByRole("button", { name: /Add To Cart|Adding…|Added!|Subscribe/ });
const choose = (label: string, value: string) => fireEvent.change(screen.getByDisplayValue(label), { target: { value } });

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe("variant selection (spec §5)", () => {
  it("shows one selector per option, in variantOptionOrdering, with 'Select {variantName}'", async () => {
    await renderProduct(linenShirt());
    const selects = screen.getAllByRole("combobox");
    expect(selects.map((select) => (select as HTMLSelectElement).options[0].textContent)).toEqual(["Select Size", "Select Color"]);
  });

  it("shows no selectors for a product with one variant", async () => {
    await renderProduct(linenShirt({ hasVariants: false, variantOptions: [], variants: [{ sku: "MUG-1", attributes: [], qtyInStock: 3, unlimited: false }] }));
    expect(screen.queryAllByRole("combobox")).toHaveLength(0);
  });

  it("says 'Please select the Size and Color options.' when nothing is chosen", async () => {
    await renderProduct(linenShirt());
    fireEvent.click(addButton());
    expect(screen.getByRole("alert").textContent).toBe("Please select the Size and Color options.");
  });

  it("says 'Please select the Size option.' when only the colour is chosen", async () => {
    await renderProduct(linenShirt());
    choose("Select Color", "Blue");
    fireEvent.click(addButton());
    expect(screen.getByRole("alert").textContent).toBe("Please select the Size option.");
  });

  it("says the variant is unavailable for a combination no variant has", async () => {
    await renderProduct(linenShirt({ variants: linenShirt().variants.filter((variant: { sku: string }) => variant.sku !== "LINEN-L-BLUE") }));
    choose("Select Size", "L");
    choose("Select Color", "Blue");
    fireEvent.click(addButton());
    expect(screen.getByRole("alert").textContent).toBe("Sorry, that item variant is unavailable. Please select another variant.");
  });

  it("says there is not enough when the cart already holds the last one (M/White, stock 1)", async () => {
    await renderProduct(linenShirt(), [{ itemId: "1", quantity: 1, chosenVariant: { sku: "LINEN-M-WHITE" } }]);
    choose("Select Size", "M");
    choose("Select Color", "White");
    fireEvent.click(addButton());
    expect(screen.getByRole("alert").textContent).toBe("Sorry, we do not have enough of that item available.");
  });

  it("shows the scarcity text for a variant with few left (L/Blue: 2)", async () => {
    await renderProduct(linenShirt());
    choose("Select Size", "L");
    choose("Select Color", "Blue");
    expect(screen.getByText("Only 2 left!")).toBeTruthy();
  });
});

describe("quantity (spec §5)", () => {
  it("is a number input from 1 to 9999 in steps of 1, 1 by default", async () => {
    await renderProduct(linenShirt());
    const input = screen.getByRole("spinbutton") as HTMLInputElement;
    expect([input.min, input.max, input.step, input.value]).toEqual(["1", "9999", "1", "1"]);
  });

  it.each([
    ["abc", "Quantity must be a number."],
    ["2.5", "Quantity must be a whole number"],
  ])("%j gives %j", async (typed, message) => {
    await renderProduct(linenShirt());
    choose("Select Size", "S");
    choose("Select Color", "Blue");
    fireEvent.change(screen.getByRole("spinbutton"), { target: { value: typed } });
    fireEvent.click(addButton());
    expect(screen.getByRole("alert").textContent).toBe(message);
  });

  it("is not shown when the rules say so (e.g. a subscribable product)", async () => {
    await renderProduct(linenShirt({ quantityInputShown: false }));
    expect(screen.queryByRole("spinbutton")).toBeNull();
  });
});

describe("the add button (spec §4)", () => {
  const chooseSmallBlue = () => {
    choose("Select Size", "S");
    choose("Select Color", "Blue");
  };

  it("goes 'Adding…', then 'Added!' 1 s after success, then back 2 s later", async () => {
    const { environment } = await renderProduct(linenShirt());
    chooseSmallBlue();
    fireEvent.click(addButton());
    expect(addButton().textContent).toBe("Adding…");
    await answerLatest(environment, added);
    expect(addButton().textContent).toBe("Adding…");
    act(() => void jest.advanceTimersByTime(1000));
    expect(addButton().textContent).toBe("Added!");
    act(() => void jest.advanceTimersByTime(1999));
    expect(addButton().textContent).toBe("Added!");
    act(() => void jest.advanceTimersByTime(1));
    expect(addButton().textContent).toBe("Add To Cart");
  });

  it("shows the server's message under 'Unable to Add Item' and is idle again after 1 s", async () => {
    const { environment } = await renderProduct(linenShirt());
    chooseSmallBlue();
    fireEvent.click(addButton());
    await answerLatest(environment, refused("NotEnoughStockError", "Sorry, we do not have enough of that item available."));
    const alert = screen.getByRole("alertdialog");
    expect(alert.textContent).toContain("Unable to Add Item");
    expect(alert.textContent).toContain("Sorry, we do not have enough of that item available.");
    expect((addButton() as HTMLButtonElement).disabled).toBe(true);
    act(() => void jest.advanceTimersByTime(1000));
    expect((addButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it("says 'Please try again in a few seconds.' on HTTP 429", async () => {
    const { environment } = await renderProduct(linenShirt());
    chooseSmallBlue();
    fireEvent.click(addButton());
    await failLatest(environment, new HttpFailure(429, "Please try again in a few seconds."));
    expect(screen.getByRole("alertdialog").textContent).toContain("Please try again in a few seconds.");
  });

  it("says the session expired when the crumb check fails", async () => {
    const { environment } = await renderProduct(linenShirt());
    chooseSmallBlue();
    fireEvent.click(addButton());
    await failLatest(environment, new HttpFailure(403, "", true));
    expect(screen.getByRole("alertdialog").textContent).toContain("Your session has expired. Please reload the page and try again.");
  });

  it("says 'Please check your internet connection.' when the request cannot be sent", async () => {
    const { environment } = await renderProduct(linenShirt());
    chooseSmallBlue();
    fireEvent.click(addButton());
    await failLatest(environment, new TypeError("Failed to fetch"));
    expect(screen.getByRole("alertdialog").textContent).toContain("Please check your internet connection.");
  });

  it("asks to enable cookies when the browser has them off", async () => {
    const cookieEnabled = jest.spyOn(navigator, "cookieEnabled", "get").mockReturnValue(false);
    try {
      await renderProduct(linenShirt());
      chooseSmallBlue();
      fireEvent.click(addButton());
      expect(screen.getByRole("alertdialog").textContent).toContain("Please enable cookies in your browser, reload the page, and try again.");
    } finally {
      cookieEnabled.mockRestore();
    }
  });

  it("in express checkout mode goes straight to checkout, and fails as 'Unable to Purchase Item'", async () => {
    const first = await renderProduct(linenShirt(), [], { expressCheckout: true });
    chooseSmallBlue();
    fireEvent.click(addButton());
    await answerLatest(first.environment, added);
    expect(first.navigate).toHaveBeenCalledWith("/checkout", { document: true });
    first.unmount();

    const second = await renderProduct(linenShirt(), [], { expressCheckout: true });
    chooseSmallBlue();
    fireEvent.click(addButton());
    await answerLatest(second.environment, refused("NotEnoughStockError", "Sorry, we do not have enough of that item available."));
    expect(screen.getByRole("alertdialog").textContent).toContain("Unable to Purchase Item");
  });
});

describe("gift cards, subscriptions, sold out", () => {
  const giftCard = () =>
    linenShirt({
      productType: "GIFT_CARD",
      hasVariants: false,
      variantOptions: [],
      variants: [],
      quantityInputShown: false,
      giftCardDenominations: [2500, 5000, 10000].map((amount) => ({ sku: `GIFT-${amount}`, amount: { value: amount, formatted: `$${amount / 100}.00` } })),
    });

  it("needs a denomination: 'Select a denomination for the Gift Card'", async () => {
    await renderProduct(giftCard());
    expect((screen.getByRole("combobox") as HTMLSelectElement).options[0].textContent).toBe("Select Value");
    fireEvent.click(addButton());
    expect(screen.getByRole("alert").textContent).toBe("Select a denomination for the Gift Card");
  });

  it("goes to the gift card page with the value chosen (issue 12), adding nothing yet", async () => {
    const { environment, navigate } = await renderProduct(giftCard());
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "GIFT-5000" } });
    fireEvent.click(addButton());
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/gift-card\/[^?]+\?sku=GIFT-5000$/));
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it("starts a subscription checkout with the returned cart token", async () => {
    const { environment, navigate } = await renderProduct(
      linenShirt({
        isSubscribable: true,
        addButtonText: "Subscribe",
        hasVariants: false,
        variantOptions: [],
        quantityInputShown: false,
        variants: [{ sku: "COFFEE-CLUB", attributes: [], qtyInStock: 0, unlimited: true }],
      }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    await answerLatest(environment, { startSubscriptionCheckout: { __typename: "StartSubscriptionCheckoutSuccess", cartToken: "token-123" } });
    expect(navigate).toHaveBeenCalledWith("/checkout?cartToken=token-123", { document: true });
  });

  it("shows a disabled button with the custom sold-out text", async () => {
    await renderProduct(
      linenShirt({
        soldOut: true,
        merchandising: { customSoldOutText: "Back soon", scarcityEnabled: false, scarcityText: null, restockNotificationsEnabled: false },
      }),
    );
    const button = screen.getByRole("button", { name: "Back soon" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });
});

describe("the additional-fields form in the lightbox (engraved pen)", () => {
  const pen = () => engravedPen();

  it("opens the lightbox instead of adding, after the stock check", async () => {
    await renderProduct(pen());
    fireEvent.click(addButton());
    expect(await screen.findByRole("dialog", { name: "Engraving" })).toBeTruthy();
  });

  it("refuses to open it when nothing is left beyond the cart", async () => {
    await renderProduct(pen(), [{ itemId: "1", quantity: 4, chosenVariant: { sku: "PEN-BRASS" } }]);
    fireEvent.click(addButton());
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("alert").textContent).toBe("Sorry, we do not have enough of that item available.");
  });

  it("validates before adding: 'Required', then the character limit, then adds with the answers", async () => {
    const { environment } = await renderProduct(pen());
    fireEvent.click(addButton());
    const dialog = await screen.findByRole("dialog");
    fireEvent.submit(dialog.querySelector("form")!);
    expect(dialog.textContent).toContain("One or more fields is invalid, please check your entries.");
    expect(dialog.textContent).toContain("Required");

    fireEvent.change(screen.getByRole("textbox", { name: /Engraving/ }), { target: { value: "x".repeat(21) } });
    expect(dialog.textContent).toContain("21 / 20");
    fireEvent.submit(dialog.querySelector("form")!);
    expect(dialog.textContent).toContain("You have exceeded the character limit.");

    fireEvent.change(screen.getByRole("textbox", { name: /Engraving/ }), { target: { value: "For Ada" } });
    fireEvent.submit(dialog.querySelector("form")!);
    const sent = environment.mock.getMostRecentOperation().request.variables;
    expect(sent.input).toMatchObject({ sku: "PEN-BRASS", quantity: 1, additionalFields: { engraving: "For Ada" } });
  });
});
