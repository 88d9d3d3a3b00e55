// The admin's analytics screen (issue 11): key figures with their change from the previous period, the
// funnel, the charts (uPlot, stubbed here: jsdom has no canvas) with their summaries and tables, top
// products sorted by the owner's choice, waitlist demand, forms, the live visitor count, the CSV
// export, the range picker (presets, a refused custom range), and the empty, loading and error states.
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { loadQuery } from "react-relay";
import { createMockEnvironment } from "relay-test-utils";
import AnalyticsScreenQuery from "../../../../client/__generated__/AnalyticsScreenQuery.graphql.ts";
import AnalyticsScreen from "../../../../client/admin/analytics/AnalyticsScreen.tsx";
import { renderAdmin } from "../support.tsx";
import { preload } from "../../support/render.tsx";

const plots: { data: unknown[] }[] = [];
jest.mock("uplot", () => {
  const uPlot = jest.fn((_options: unknown, data: unknown[]) => {
    plots.push({ data });
    return { setSize: jest.fn(), destroy: jest.fn() };
  });
  Object.assign(uPlot, { tzDate: (date: Date) => date, paths: { bars: () => () => null } });
  return { __esModule: true, default: uPlot };
});

beforeAll(() => {
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
    observe() {}
    disconnect() {}
  };
});
beforeEach(() => (plots.length = 0));

const money = (value: number) => ({ value, formatted: `$${(value / 100).toFixed(2)}` });

const figures = {
  range: { from: "2026-03-09", to: "2026-03-15", days: 7 },
  comparisonRange: { from: "2026-03-02", to: "2026-03-08" },
  currency: "USD",
  totals: {
    visits: 1200,
    uniqueVisitors: 900,
    pageViews: 4000,
    orders: 30,
    revenue: money(150_000),
    averageOrderValue: money(5000),
    conversionRate: 0.025,
    formSubmissions: 4,
    funnel: [
      { step: "PRODUCT_VIEW", sessions: 400, fromPrevious: null, fromFirst: 1 },
      { step: "ADD_TO_CART", sessions: 100, fromPrevious: 0.25, fromFirst: 0.25 },
      { step: "CHECKOUT", sessions: 40, fromPrevious: 0.4, fromFirst: 0.1 },
      { step: "ORDER", sessions: 30, fromPrevious: 0.75, fromFirst: 0.075 },
    ],
  },
  changes: {
    visits: 0.2,
    uniqueVisitors: -0.1,
    pageViews: 0,
    orders: null,
    revenue: 0.5,
    averageOrderValue: -0.25,
    conversionRate: 0.1,
    formSubmissions: null,
  },
  days: [
    { day: "2026-03-14", visits: 500, orders: 10, revenue: money(40_000), averageOrderValue: money(4000) },
    { day: "2026-03-15", visits: 700, orders: 0, revenue: money(0), averageOrderValue: null },
  ],
  topProducts: [
    { productId: 1, productName: "Canvas Tote", views: 300, adds: 10, unitsSold: 2, revenue: money(4800) },
    { productId: 2, productName: "Ceramic Mug", views: 200, adds: 60, unitsSold: 20, revenue: money(30_000) },
    { productId: 3, productName: null, views: 5, adds: 1, unitsSold: 0, revenue: money(0) },
  ],
  forms: [
    { formKey: "contact", formName: "Contact", views: 40, submissions: 4, conversion: 0.1 },
    { formKey: "gone", formName: null, views: 0, submissions: 0, conversion: null },
  ],
  waitlistDemand: [
    {
      productId: 1,
      variantId: 11,
      productName: "Canvas Tote",
      sku: "TOTE-BLACK",
      attributes: { Color: "Black" },
      unlimited: false,
      qtyInStock: 0,
      received: 7,
    },
  ],
  activeVisitors: 3,
};

const empty = {
  ...figures,
  totals: {
    ...figures.totals,
    visits: 0,
    uniqueVisitors: 0,
    pageViews: 0,
    orders: 0,
    revenue: money(0),
    averageOrderValue: null,
    conversionRate: null,
    formSubmissions: 0,
    funnel: figures.totals.funnel.map((step) => ({ ...step, sessions: 0, fromPrevious: null, fromFirst: null })),
  },
  changes: { visits: 0, uniqueVisitors: 0, pageViews: 0, orders: 0, revenue: 0, averageOrderValue: null, conversionRate: null, formSubmissions: 0 },
  days: [{ day: "2026-03-15", visits: 0, orders: 0, revenue: money(0), averageOrderValue: null }],
  topProducts: [],
  forms: [],
  waitlistDemand: [],
  activeVisitors: 0,
};

function renderScreen(data: Record<string, unknown>, search = "") {
  const { environment, queryRef } = preload(AnalyticsScreenQuery, { range: { preset: "LAST_7_DAYS", from: null, to: null } }, { OwnerAnalytics: () => data });
  return renderAdmin(<AnalyticsScreen queryRef={queryRef as never} match={{ params: {}, search: new URLSearchParams(search) }} />, { environment });
}

const card = (label: string) => screen.getByText(label, { selector: ".kpi-label" }).closest(".kpi") as HTMLElement;
const section = (heading: string) => screen.getByRole("heading", { name: heading }).closest("section") as HTMLElement;

describe("the analytics screen", () => {
  it("shows the key figures with their change from the previous period", () => {
    renderScreen(figures);
    expect(screen.getByText("2026-03-09 to 2026-03-15 (7 days)")).toBeTruthy();
    expect(screen.getByText("Compared with 2026-03-02 to 2026-03-08.")).toBeTruthy();
    expect(within(card("Visits")).getByText("1,200")).toBeTruthy();
    expect(within(card("Visits")).getByText("+20% vs previous period")).toBeTruthy();
    expect(within(card("Unique visitors")).getByText("\u221210% vs previous period")).toBeTruthy();
    expect(within(card("Page views")).getByText("no change")).toBeTruthy();
    expect(within(card("Orders")).getByText("new (none in the previous period)")).toBeTruthy();
    expect(within(card("Revenue")).getByText("$1500.00")).toBeTruthy();
    expect(within(card("Average order value")).getByText("$50.00")).toBeTruthy();
    expect(within(card("Conversion rate")).getByText("2.5%")).toBeTruthy();
    expect(within(card("Unique visitors")).getByText("\u221210% vs previous period").className).toContain("down");
  });

  it("shows the funnel with the conversion from each step to the next", () => {
    renderScreen(figures);
    const funnel = section("Funnel");
    expect(within(funnel).getByText("Viewed a product")).toBeTruthy();
    expect(within(funnel).getByText("400 sessions")).toBeTruthy();
    expect(within(funnel).getByText("100 sessions · 25% of the step before")).toBeTruthy();
    expect(within(funnel).getByText("30 sessions · 75% of the step before")).toBeTruthy();
  });

  it("draws revenue, orders, visits and average order value by day, each with a summary and a table", () => {
    renderScreen(figures);
    expect(plots).toHaveLength(4);
    const revenueData = plots.map((plot) => plot.data).find((data) => JSON.stringify(data[1]) === JSON.stringify([400, 0]));
    expect(revenueData).toBeTruthy();
    expect(screen.getByText("Orders by day: 10 in all; highest 10 on 2026-03-14.")).toBeTruthy();
    expect(screen.getByText("Visits by day: 1,200 in all; highest 700 on 2026-03-15.")).toBeTruthy();
    const revenue = screen.getByRole("figure", { name: "Revenue by day" });
    expect(within(revenue).getByRole("row", { name: /2026-03-14/ }).textContent).toContain("400");
    expect(screen.getByText("Average order value by day: $50.00 over the whole range; highest $40.00 on 2026-03-14.")).toBeTruthy();
    const aov = screen.getByRole("figure", { name: "Average order value by day" });
    expect(within(aov).getByRole("row", { name: /2026-03-15/ }).textContent).toContain("—");
  });

  it("lists the top products by views, and by adds or revenue when asked", () => {
    renderScreen(figures);
    const products = section("Top products");
    const firstRow = () => within(products).getAllByRole("row")[1].textContent;
    expect(firstRow()).toContain("Canvas Tote");
    expect(within(products).getByText("Deleted product #3")).toBeTruthy();
    fireEvent.click(within(products).getByRole("button", { name: "Sort by Revenue" }));
    expect(firstRow()).toContain("Ceramic Mug");
    expect(within(products).getByRole("button", { name: "Sort by Revenue" }).closest("th")?.getAttribute("aria-sort")).toBe("descending");
    fireEvent.change(within(products).getByLabelText("Sort by"), { target: { value: "views" } });
    expect(firstRow()).toContain("Canvas Tote");
  });

  it("shows waitlist demand per variant and forms' views against submissions", () => {
    renderScreen(figures);
    const waitlists = section("Waitlist demand");
    expect(within(waitlists).getByRole("row", { name: /Canvas Tote/ }).textContent).toContain("Black");
    expect(within(waitlists).getByRole("row", { name: /Canvas Tote/ }).textContent).toContain("7");
    const forms = section("Forms");
    expect(within(forms).getByRole("row", { name: /Contact/ }).textContent).toContain("10%");
    expect(within(forms).getByText("Deleted form (gone)")).toBeTruthy();
  });

  it("offers the range's CSV export", () => {
    renderScreen(figures);
    expect(screen.getByRole("button", { name: "Export CSV of the figures from 2026-03-09 to 2026-03-15" })).toBeTruthy();
  });

  it("updates the visitors-now count as the server pushes it", async () => {
    const { environment } = renderScreen(figures);
    const live = screen.getByText("Visitors now").closest(".active-visitors") as HTMLElement;
    expect(within(live).getByText("3")).toBeTruthy();
    const subscription = environment.mock.getAllOperations().find((operation) => operation.request.node.params.name === "ActiveVisitorsSubscription");
    expect(subscription).toBeTruthy();
    await act(async () => {
      environment.mock.nextValue(subscription!, { data: { ownerActiveVisitors: 5 } });
    });
    expect(within(live).getByText("5")).toBeTruthy();
  });

  it("says when the range has no data, with an empty state for each list", () => {
    renderScreen(empty);
    expect(screen.getByText("No visits recorded in this range yet. Figures appear as visitors browse the store.")).toBeTruthy();
    expect(screen.getAllByText("No product was viewed in this range.")).toHaveLength(2);
    expect(screen.getByText("Nobody is waiting for a variant.")).toBeTruthy();
    expect(screen.getByText("No form was viewed in this range.")).toBeTruthy();
    expect(screen.getByText("Revenue by day: nothing in this range.")).toBeTruthy();
    expect(within(card("Average order value")).getByText("—")).toBeTruthy();
  });
});

describe("the range picker", () => {
  it("puts a preset in the URL", () => {
    const { navigate } = renderScreen(figures);
    fireEvent.change(screen.getByLabelText("Period"), { target: { value: "LAST_90_DAYS" } });
    fireEvent.click(screen.getByRole("button", { name: "Show" }));
    expect(navigate).toHaveBeenCalledWith("/config/analytics?preset=LAST_90_DAYS", { replace: true });
  });

  it("refuses a custom range that ends before it starts or is too long, and takes a good one", () => {
    const { navigate } = renderScreen(figures, "preset=CUSTOM&from=2026-03-01&to=2026-03-10");
    expect((screen.getByLabelText("From") as HTMLInputElement).value).toBe("2026-03-01");
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-03-12" } });
    fireEvent.click(screen.getByRole("button", { name: "Show" }));
    expect(screen.getByRole("alert").textContent).toBe("The start date must be on or before the end date.");
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2024-01-01" } });
    fireEvent.click(screen.getByRole("button", { name: "Show" }));
    expect(screen.getByRole("alert").textContent).toBe("A range can be at most 400 days long.");
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Show" }));
    expect(screen.getByRole("alert").textContent).toBe("A custom range needs a start and an end date.");
    expect(navigate).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-03-02" } });
    fireEvent.click(screen.getByRole("button", { name: "Show" }));
    expect(navigate).toHaveBeenCalledWith("/config/analytics?preset=CUSTOM&from=2026-03-02&to=2026-03-10", { replace: true });
  });

  it("refuses an end date after the site's today in the picker, and for a range typed into the address says why instead of a failed panel", () => {
    const afterToday = new Date(Date.now() + 86_400_000 * 2).toISOString().slice(0, 10);
    const { navigate } = renderScreen(figures, "preset=CUSTOM&from=2026-03-01&to=2026-03-10");
    fireEvent.change(screen.getByLabelText("To (inclusive)"), { target: { value: afterToday } });
    fireEvent.click(screen.getByRole("button", { name: "Show" }));
    expect(screen.getByRole("alert").textContent).toBe("The end date cannot be after today.");
    expect(navigate).not.toHaveBeenCalled();
    cleanup();

    const environment = createMockEnvironment();
    const search = `preset=CUSTOM&from=2026-03-01&to=${afterToday}`;
    const queryRef = loadQuery(environment, AnalyticsScreenQuery, { range: { preset: "CUSTOM", from: "2026-03-01", to: afterToday } });
    renderAdmin(<AnalyticsScreen queryRef={queryRef as never} match={{ params: {}, search: new URLSearchParams(search) }} />, { environment });
    expect(screen.getByRole("alert").textContent).toBe("The end date cannot be after today.");
    expect(screen.queryByText("Loading the figures…")).toBeNull();
    expect(screen.queryByText("The analytics could not be loaded.")).toBeNull();
  });
});

describe("loading and errors", () => {
  function renderPending() {
    const environment = createMockEnvironment();
    const queryRef = loadQuery(environment, AnalyticsScreenQuery, { range: { preset: "CUSTOM", from: "2026-03-01", to: "2026-03-31" } });
    const utils = renderAdmin(
      <AnalyticsScreen queryRef={queryRef as never} match={{ params: {}, search: new URLSearchParams("preset=CUSTOM&from=2026-03-01&to=2026-03-31") }} />,
      { environment },
    );
    return { ...utils, environment };
  }

  it("says the figures are loading, with the range picker usable meanwhile", () => {
    renderPending();
    expect(screen.getByText("Loading the figures…")).toBeTruthy();
    expect(screen.getByLabelText("Period")).toBeTruthy();
  });

  it("says why the figures could not be loaded, below the range picker", async () => {
    const { environment } = renderPending();
    const spy = jest.spyOn(console, "error").mockImplementation(() => {});
    try {
      await act(async () => {
        environment.mock.rejectMostRecentOperation(
          Object.assign(new Error("refused"), { source: { errors: [{ message: "The end date cannot be after today." }] } }),
        );
      });
    } finally {
      spy.mockRestore();
    }
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("The analytics could not be loaded.");
    expect(alert.textContent).toContain("The end date cannot be after today.");
    expect(screen.getByLabelText("Period")).toBeTruthy();
  });
});
