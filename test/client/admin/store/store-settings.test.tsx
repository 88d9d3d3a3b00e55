// The store settings screen (issue 10 §2, §3): each part sends what the owner typed (amounts in minor
// units, rates in thousandths of a percent), shows the server's field errors next to their fields with
// focus on the first, puts deletes behind the confirm dialog, and is read-only without commerce.write;
// the checkout preferences' cache has its own file (commerce-preferences.test.tsx).
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { createMockEnvironment } from "relay-test-utils";
import StoreSettingsScreenQuery from "../../../../client/__generated__/StoreSettingsScreenQuery.graphql.ts";
import StoreSettingsScreen from "../../../../client/admin/store/StoreSettingsScreen.tsx";
import { ALL_PERMISSIONS, renderAdmin } from "../support.tsx";
import { preload } from "../../support/render.tsx";

type Env = ReturnType<typeof createMockEnvironment>;

const SETTINGS = {
  id: "OwnerStoreSettings:demo",
  currency: "USD",
  supportedCurrencies: ["USD", "EUR", "JPY"],
  checkoutMinimum: { value: 0 },
  expressCheckout: false,
  multipleQuantityAllowedForServices: true,
  payLaterEnabled: true,
  payLaterMinimum: { value: 3500 },
  payLaterMaximum: { value: 200000 },
  payLaterAccountCountry: "US",
  captchaSiteKey: null,
  shippingZones: [
    {
      zoneId: 1,
      name: "United States",
      kind: "COUNTRIES",
      country: "",
      codes: ["US"],
      options: [{ optionId: 11, name: "Standard", price: { value: 500, formatted: "$5.00" } }],
    },
    { zoneId: 2, name: "Rest of the world", kind: "REST_OF_WORLD", country: "", codes: [], options: [] },
  ],
  taxRules: [{ taxRuleId: 5, name: "NY sales tax", country: "US", region: "NY", rateMillipercent: 8875 }],
  coupons: [
    {
      couponId: 9,
      code: "WELCOME10",
      kind: "PERCENT",
      percentOffMillipercent: 10000,
      amountOff: { value: 0, formatted: "$0.00" },
      minimumSubtotal: { value: 0 },
      startsAt: null,
      expiresAt: "2030-01-01T00:00:00.000Z",
      usageLimit: 100,
      timesUsed: 3,
      active: true,
    },
  ],
  stores: [{ collectionId: 1, urlId: "shop", title: "Shop", url: "/shop" }],
};

function renderScreen(permissions: readonly string[] = ALL_PERMISSIONS, settings: Record<string, unknown> = {}) {
  const { environment, queryRef } = preload(StoreSettingsScreenQuery, {}, { OwnerStoreSettings: () => ({ ...SETTINGS, ...settings }) });
  const utils = renderAdmin(<StoreSettingsScreen queryRef={queryRef as never} match={{ params: {}, search: new URLSearchParams() }} />, {
    environment,
    permissions,
  });
  // The checkout preferences' load and subscription, answered empty.
  act(() => {
    for (const operation of environment.mock.getAllOperations().filter((op) => op.request.node.params.name === "commercePreferencesQuery")) {
      environment.mock.resolve(operation, { data: { commercePreferences: { __typename: "CommercePreferences", preferences: {} } } } as never);
    }
  });
  return utils;
}

const mutations = (environment: Env) => environment.mock.getAllOperations().filter((operation) => operation.request.node.params.operationKind === "mutation");
const latestMutation = async (environment: Env, name: string) => {
  await waitFor(() => expect(mutations(environment).map((operation) => operation.request.node.params.name)).toContain(name));
  return mutations(environment).find((operation) => operation.request.node.params.name === name)!;
};
const section = (name: string) => screen.getByRole("heading", { name, level: 2 }).closest("form, section") as HTMLElement;
const answerWith = async (environment: Env, name: string, data: Record<string, unknown>) => {
  const operation = await latestMutation(environment, name);
  await act(async () => environment.mock.resolve(operation, { data } as never));
  return operation;
};
const successWith = (typename: string, settings: Record<string, unknown> = {}) => ({ __typename: typename, storeSettings: { ...SETTINGS, ...settings } });

describe("currency and checkout", () => {
  it("sends the amounts in minor units and shows the saved values", async () => {
    const { environment } = renderScreen();
    const form = section("Currency and checkout");
    fireEvent.change(within(form).getByLabelText("Checkout minimum"), { target: { value: "25.50" } });
    fireEvent.click(within(form).getByLabelText("Express checkout: adding to the cart goes straight to checkout"));
    fireEvent.change(within(form).getByLabelText("Payment account country"), { target: { value: "PR" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    const operation = await latestMutation(environment, "UpdateStoreSettingsMutation");
    expect(operation.request.variables.input).toEqual({
      currency: "USD",
      checkoutMinimum: 2550,
      expressCheckout: true,
      multipleQuantityAllowedForServices: true,
      payLaterEnabled: true,
      payLaterMinimum: 3500,
      payLaterMaximum: 200000,
      payLaterAccountCountry: "PR",
    });
    await act(async () =>
      environment.mock.resolve(operation, {
        data: { updateStoreSettings: successWith("UpdateStoreSettingsSuccess", { checkoutMinimum: { value: 2550 } }) },
      } as never),
    );
    expect(within(form).getByText("Saved.")).toBeTruthy();
    expect((within(form).getByLabelText("Checkout minimum") as HTMLInputElement).value).toBe("25.50");
  });

  it("re-expresses the amounts when the currency changes to JPY (no decimals)", () => {
    renderScreen(ALL_PERMISSIONS, { checkoutMinimum: { value: 1999 } });
    const form = section("Currency and checkout");
    fireEvent.change(within(form).getByLabelText("Currency"), { target: { value: "JPY" } });
    expect((within(form).getByLabelText("Checkout minimum") as HTMLInputElement).value).toBe("20");
    expect((within(form).getByLabelText("Orders over") as HTMLInputElement).value).toBe("35");
  });

  it("shows an amount it cannot read, and the server's field errors, next to their fields with focus on the first", async () => {
    const { environment } = renderScreen();
    const form = section("Currency and checkout");
    fireEvent.change(within(form).getByLabelText("Checkout minimum"), { target: { value: "ten" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(within(form).getByText("Enter an amount of 0 or more.")).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByLabelText("Checkout minimum"));
    expect(mutations(environment)).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText("Checkout minimum"), { target: { value: "10" } });
    fireEvent.change(within(form).getByLabelText("Orders up to"), { target: { value: "1" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    await answerWith(environment, "UpdateStoreSettingsMutation", {
      updateStoreSettings: {
        __typename: "FormInvalidError",
        __isError: "FormInvalidError",
        message: "One or more fields is invalid, please check your entries.",
        fieldErrors: [{ fieldId: "payLaterMaximum", message: "The maximum must be above the minimum." }],
      },
    });
    const maximum = within(form).getByLabelText("Orders up to");
    expect(document.getElementById(maximum.getAttribute("aria-describedby")!)!.textContent).toBe("The maximum must be above the minimum.");
    expect(document.activeElement).toBe(maximum);
    expect(within(form).getByRole("alert").textContent).toBe("Some fields need attention.");
  });
});

describe("shipping zones", () => {
  it("adds a zone with its options in minor units", async () => {
    const { environment } = renderScreen();
    const part = section("Shipping zones");
    fireEvent.click(within(part).getByRole("button", { name: "Add a zone" }));
    fireEvent.change(within(part).getByLabelText("Zone name"), { target: { value: "Canada" } });
    fireEvent.change(within(part).getByLabelText("Country codes, separated by commas"), { target: { value: "ca, us" } });
    fireEvent.change(within(part).getByLabelText("Option name 1"), { target: { value: "Post" } });
    fireEvent.change(within(part).getByLabelText("Price (USD)"), { target: { value: "9" } });
    fireEvent.click(within(part).getByRole("button", { name: "Save" }));
    const operation = await answerWith(environment, "SaveShippingZoneMutation", { saveShippingZone: successWith("SaveShippingZoneSuccess") });
    expect(operation.request.variables.input).toEqual({
      zoneId: null,
      name: "Canada",
      kind: "COUNTRIES",
      country: "",
      codes: ["CA", "US"],
      options: [{ optionId: null, name: "Post", price: 900 }],
    });
    expect(within(part).queryByLabelText("Zone name")).toBeNull();
  });

  it("names what is missing next to its field", () => {
    const { environment } = renderScreen();
    const part = section("Shipping zones");
    fireEvent.click(within(part).getByRole("button", { name: "Add a zone" }));
    fireEvent.click(within(part).getByRole("button", { name: "Save" }));
    expect(document.activeElement).toBe(within(part).getByLabelText("Zone name"));
    expect(within(part).getByText("Please name at least one country, or a country and its regions.")).toBeTruthy();
    expect(mutations(environment)).toHaveLength(0);
  });

  it("orders zones with move up and down, and deletes one only after confirming", async () => {
    const { environment } = renderScreen();
    const part = section("Shipping zones");
    expect((within(part).getByRole("button", { name: "Move up United States" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(part).getByRole("button", { name: "Move down United States" }));
    const reorder = await answerWith(environment, "ReorderShippingZonesMutation", { reorderShippingZones: successWith("ReorderShippingZonesSuccess") });
    expect(reorder.request.variables.input).toEqual({ zoneIds: [2, 1] });

    fireEvent.click(within(part).getByRole("button", { name: "Delete United States" }));
    await screen.findByRole("dialog", { name: "Delete the zone United States?" });
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(mutations(environment).filter((operation) => operation.request.node.params.name === "DeleteShippingZoneMutation")).toHaveLength(0);
    fireEvent.click(within(part).getByRole("button", { name: "Delete United States" }));
    await screen.findByRole("dialog");
    fireEvent.click(screen.getByRole("button", { name: "Delete zone" }));
    const deletion = await latestMutation(environment, "DeleteShippingZoneMutation");
    expect(deletion.request.variables.input).toEqual({ zoneId: 1 });
  });
});

describe("tax rules", () => {
  it("sends the rate in thousandths of a percent and shows the server's errors next to their fields", async () => {
    const { environment } = renderScreen();
    const part = section("Tax rules");
    expect(within(part).getByText("8.875 %")).toBeTruthy();
    fireEvent.click(within(part).getByRole("button", { name: "Add a tax rule" }));
    fireEvent.change(within(part).getByLabelText("Name"), { target: { value: "Ontario" } });
    fireEvent.change(within(part).getByLabelText("Country code"), { target: { value: "zz" } });
    fireEvent.change(within(part).getByLabelText("Rate (%)"), { target: { value: "8.875" } });
    fireEvent.click(within(part).getByRole("button", { name: "Save" }));
    const operation = await answerWith(environment, "SaveTaxRuleMutation", {
      saveTaxRule: {
        __typename: "FormInvalidError",
        __isError: "FormInvalidError",
        message: "One or more fields is invalid, please check your entries.",
        fieldErrors: [{ fieldId: "country", message: "Choose one of the listed countries." }],
      },
    });
    expect(operation.request.variables.input).toEqual({ taxRuleId: null, name: "Ontario", country: "zz", region: "", rateMillipercent: 8875 });
    expect(document.activeElement).toBe(within(part).getByLabelText("Country code"));
    expect(within(part).getByText("Choose one of the listed countries.")).toBeTruthy();
  });

  it("deletes a rule after confirming", async () => {
    const { environment } = renderScreen();
    fireEvent.click(within(section("Tax rules")).getByRole("button", { name: "Delete NY sales tax" }));
    await screen.findByRole("dialog", { name: "Delete the tax rule NY sales tax?" });
    fireEvent.click(screen.getByRole("button", { name: "Delete tax rule" }));
    expect((await latestMutation(environment, "DeleteTaxRuleMutation")).request.variables.input).toEqual({ taxRuleId: 5 });
  });
});

describe("coupons", () => {
  it("lists coupons with their validity and uses, and adds a fixed-amount one with dates and a limit", async () => {
    const { environment } = renderScreen();
    const part = section("Coupons");
    expect(within(part).getByText("Until 2030-01-01")).toBeTruthy();
    expect(within(part).getByText("Used 3 of 100 times")).toBeTruthy();
    fireEvent.click(within(part).getByRole("button", { name: "Add a coupon" }));
    fireEvent.change(within(part).getByLabelText("Code"), { target: { value: "FIVE" } });
    fireEvent.change(within(part).getByLabelText("Discount"), { target: { value: "AMOUNT" } });
    fireEvent.change(within(part).getByLabelText("Amount off (USD)"), { target: { value: "5" } });
    fireEvent.change(within(part).getByLabelText("Valid from (empty: now)"), { target: { value: "2030-02-01" } });
    fireEvent.change(within(part).getByLabelText("Usage limit (empty: unlimited)"), { target: { value: "10" } });
    fireEvent.click(within(part).getByLabelText("Active"));
    fireEvent.click(within(part).getByRole("button", { name: "Save" }));
    const operation = await answerWith(environment, "SaveCouponMutation", { saveCoupon: successWith("SaveCouponSuccess") });
    expect(operation.request.variables.input).toEqual({
      couponId: null,
      code: "FIVE",
      kind: "AMOUNT",
      percentOffMillipercent: 0,
      amountOff: 500,
      minimumSubtotal: 0,
      startsAt: "2030-02-01T00:00:00.000Z",
      expiresAt: null,
      usageLimit: 10,
      active: false,
    });
  });

  it("refuses a usage limit that is not a whole number next to its field, and deletes only after confirming", async () => {
    const { environment } = renderScreen();
    const part = section("Coupons");
    fireEvent.click(within(part).getByRole("button", { name: "Add a coupon" }));
    fireEvent.change(within(part).getByLabelText("Usage limit (empty: unlimited)"), { target: { value: "1.5" } });
    fireEvent.click(within(part).getByRole("button", { name: "Save" }));
    expect(within(part).getByText("Enter a whole number of 1 or more, or leave it empty.")).toBeTruthy();
    expect(mutations(environment)).toHaveLength(0);
    fireEvent.click(within(part).getByRole("button", { name: "Delete WELCOME10" }));
    await screen.findByRole("dialog", { name: "Delete the coupon WELCOME10?" });
    fireEvent.click(screen.getByRole("button", { name: "Delete coupon" }));
    expect((await latestMutation(environment, "DeleteCouponMutation")).request.variables.input).toEqual({ couponId: 9 });
  });
});

describe("captcha and stores", () => {
  it("saves the captcha keys", async () => {
    const { environment } = renderScreen();
    const part = section("Captcha");
    fireEvent.change(within(part).getByLabelText("reCAPTCHA site key"), { target: { value: "site-key" } });
    fireEvent.change(within(part).getByLabelText("reCAPTCHA secret key"), { target: { value: "secret" } });
    fireEvent.click(within(part).getByRole("button", { name: "Save" }));
    const operation = await answerWith(environment, "OwnerUpdateCaptchaSettingsMutation", {
      updateCaptchaSettings: { __typename: "UpdateCaptchaSettingsSuccess", captchaSettings: { siteKey: "site-key", hasSecretKey: true } },
    });
    expect(operation.request.variables.input).toEqual({ siteKey: "site-key", secretKey: "secret" });
    expect(within(part).getByText("A secret key is saved. It is never shown again.")).toBeTruthy();
  });

  it("creates a store and links its page", async () => {
    const { environment } = renderScreen();
    const part = section("Stores");
    fireEvent.change(within(part).getByLabelText("Title"), { target: { value: "Gifts" } });
    fireEvent.click(within(part).getByRole("button", { name: "Create store" }));
    const operation = await answerWith(environment, "OwnerCreateStoreMutation", {
      createStore: { __typename: "CreateStoreSuccess", collection: { collectionId: 2, urlId: "gifts", title: "Gifts" }, addedToNavigation: true },
    });
    expect(operation.request.variables.input).toEqual({ title: "Gifts", navigationTitle: null, addToMainNavigation: true });
    expect(within(part).getByText("Store created at /gifts.")).toBeTruthy();
    expect(within(part).getByRole("link", { name: "/gifts" }).getAttribute("href")).toBe("/gifts");
  });
});

describe("permissions", () => {
  it("shows everything read-only to a role with commerce.read only", () => {
    renderScreen(["commerce.read"]);
    expect(screen.getByText("You can see these settings but not change them.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Add a|Delete|Move|Create store/ })).toBeNull();
    expect(screen.getByLabelText("Checkout minimum").matches(":disabled")).toBe(true);
    expect(screen.getByText("NY sales tax")).toBeTruthy();
  });
});
