// The storefront's tracking module (issue 11) in jsdom: the pipeline tracker's success and failure
// (the spec's warning, word for word), validate mode and environments; the tracker's cookie rules
// under a restrictive policy and after consent; the consent banner's texts and single answer.
import { fireEvent, render, screen } from "@testing-library/react";
import { randomUUID } from "node:crypto";
import { sendPipelineEvent } from "../../../../client/storefront/tracking/pipeline.ts";
import { ConsentBanner } from "../../../../client/storefront/tracking/consent-banner.tsx";
import { consentMessages, consentMessagesFor } from "../../../../server/domain/messages/consent.ts";

const fetchMock = jest.fn();
const warn = jest.spyOn(console, "warn").mockImplementation(() => {});

beforeAll(() => {
  Object.assign(globalThis, { fetch: fetchMock });
  if (!globalThis.crypto?.randomUUID) Object.defineProperty(globalThis, "crypto", { value: { randomUUID } });
  if (!("timeout" in AbortSignal)) Object.assign(AbortSignal, { timeout: () => new AbortController().signal });
});
beforeEach(() => {
  fetchMock.mockReset();
  warn.mockClear();
  for (const cookie of document.cookie.split(";")) document.cookie = `${cookie.split("=")[0].trim()}=; Path=/; Max-Age=0`;
});

const answer = (status: number, body: unknown = null) => ({ status, json: async () => body });

describe("pipeline tracker", () => {
  it("posts the envelope with the content as a JSON string and succeeds on 202", async () => {
    fetchMock.mockResolvedValue(answer(202));
    await expect(sendPipelineEvent("prod", "checkout-start", { context_website_id: "site" })).resolves.toBeUndefined();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/pipeline/events");
    const envelope = JSON.parse(init.body);
    expect(envelope.eventSchemaName).toBe("checkout-start");
    expect(JSON.parse(envelope.eventContent)).toMatchObject({
      context_website_id: "site",
      custom_schema_name: "checkout-start",
      source_environment: "prod",
      resolved_locale: "en-US",
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([201, 204, 400, 404, 503])("warns 'Error tracking event: HTTP Status %i' and rejects", async (status) => {
    fetchMock.mockResolvedValue(answer(status));
    await expect(sendPipelineEvent("prod", "checkout-start", {})).rejects.toThrow(`Error tracking event: HTTP Status ${status}`);
    expect(warn).toHaveBeenCalledWith(`Error tracking event: HTTP Status ${status}`);
  });

  it("validates against the schema's validate endpoint and answers its verdict", async () => {
    fetchMock.mockResolvedValue(answer(200, { valid: false, errors: ["page_path: too long"] }));
    await expect(sendPipelineEvent("qa", "view-product", {}, { validate: true })).resolves.toEqual({ valid: false, errors: ["page_path: too long"] });
    expect(fetchMock.mock.calls[0][0]).toBe("/api/pipeline/validate-event-content/view-product");
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toMatchObject({ source_environment: "staging" });
  });

  it("warns for an unknown environment and for a field the tracker fills itself", async () => {
    fetchMock.mockResolvedValue(answer(200));
    await sendPipelineEvent("test", "checkout-start", { custom_schema_name: "other" });
    expect(warn).toHaveBeenCalledWith('Unknown source environment "test": expected dev, staging or prod; events go to the prod endpoint.');
    expect(warn).toHaveBeenCalledWith('Tracking field "custom_schema_name" was overwritten by its auto-filled value.');
  });
});

describe("tracker", () => {
  const context = (cookiePolicy: string) => ({ cookiePolicy, bannerEnabled: false, websiteId: "site" });
  const cookieNames = () =>
    document.cookie
      .split(";")
      .map((cookie) => cookie.split("=")[0].trim())
      .filter(Boolean)
      .sort();

  it("under a restrictive policy clears the conversion cookies and sends nothing; after consent it sends the page view", async () => {
    const { run } = await import("../../../../client/storefront/tracking/tracker.ts");
    fetchMock.mockResolvedValue(answer(202));
    for (const name of ["ss_cid", "ss_cpvisit", "ss_cvisit", "ss_cvr", "ss_cvt"]) document.cookie = `${name}=old; Path=/`;
    run(context("restrictive"), [["page", "/shop/", 2]]);
    expect(cookieNames()).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();

    document.cookie = "ss_cookieAllowed=true; Path=/";
    run(context("restrictive"), [["page", "/shop/p/x", 2]]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/census/RecordHit");
    const fields = new URLSearchParams(init.body);
    expect(fields.get("event")).toBe("page-view");
    expect(fields.get("ss_cvr")).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(fields.get("data")!).visitorCookie).toMatch(/^[0-9a-f-]{36}$/);
    expect(cookieNames()).toEqual(expect.arrayContaining(["SS_ANALYTICS_ID", "SS_SESSION_ID", "ss_cookieAllowed", "ss_cvr", "ss_cvt"]));
  });

  it("sends no page view on /search, nor anything for a visitor who declined or a viewer the server does not track", async () => {
    const { run } = await import("../../../../client/storefront/tracking/tracker.ts");
    fetchMock.mockResolvedValue(answer(202));
    run(context("permissive"), [["page", "/search?q=a", 102]]);
    expect(fetchMock).not.toHaveBeenCalled();
    run(null, [["page", "/shop", 2]]);
    expect(fetchMock).not.toHaveBeenCalled();
    document.cookie = "ss_cookieAllowed=false; Path=/";
    run(context("permissive"), [
      ["page", "/cart", 200],
      ["view-product", "UHJvZHVjdDox"],
    ]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(cookieNames()).toEqual(["ss_cookieAllowed"]);
  });

  it("sends view-product once per page with the raw id of the product's global id", async () => {
    const { run } = await import("../../../../client/storefront/tracking/tracker.ts");
    fetchMock.mockResolvedValue(answer(202));
    run(context("permissive"), [
      ["page", "/shop/p/linen-shirt", 2],
      ["view-product", "UHJvZHVjdDox"],
      ["view-product", "UHJvZHVjdDox"],
    ]);
    const events = fetchMock.mock.calls.filter(([url]) => url === "/api/events/RecordEvent").map(([, init]) => new URLSearchParams(init.body));
    expect(events).toHaveLength(1);
    expect(events[0].get("event")).toBe("view-product");
    expect(JSON.parse(events[0].get("data")!)).toMatchObject({ productId: 1, pagePath: "/", websiteId: "site" });
  });

  it.each([
    ["JPY", 1000, 3000, 1000, 3000],
    ["USD", 1850, 4000, 18.5, 40],
  ])("hands the ads pixel a %s purchase in the currency's major units", async (currency, unitPrice, grandTotal, itemPrice, value) => {
    const { run } = await import("../../../../client/storefront/tracking/tracker.ts");
    fetchMock.mockResolvedValue(answer(202));
    const pixel = jest.fn();
    const listener = (event: Event) => pixel((event as CustomEvent).detail);
    window.addEventListener("sitecart:pixel", listener);
    const order = {
      id: `order-${currency}`,
      purchasedCartId: "cart-1",
      testMode: false,
      currency,
      items: [{ sku: "MUG-1", productName: "Mug", productId: 1, quantity: 3, unitPrice }],
      grandTotal,
      shippingTotal: 0,
      taxTotal: 0,
    };
    run(context("permissive"), [["purchase", order, "123456"]]);
    window.removeEventListener("sitecart:pixel", listener);
    expect(pixel).toHaveBeenCalledWith(
      expect.objectContaining({ event: "Purchase", currency, value, contents: [{ id: "MUG-1", quantity: 3, item_price: itemPrice }] }),
    );
  });
});

describe("consent banner", () => {
  it("shows its texts, in French on a French page, and answers once", () => {
    expect(consentMessagesFor("fr-CA").consentAccept).toBe("Accepter");
    expect(consentMessagesFor("en-US")).toBe(consentMessages);
    const onAnswer = jest.fn();
    render(<ConsentBanner texts={consentMessages} onAnswer={onAnswer} />);
    expect(screen.getByRole("region", { name: "Cookie consent" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Accept" }));
    fireEvent.click(screen.getByRole("button", { name: "Decline" }));
    expect(onAnswer.mock.calls).toEqual([[true]]);
  });
});
