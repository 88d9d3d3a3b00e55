// The checkout preferences (issue 10 §3) through the per-namespace commerce-preferences cache: loaded
// once, saved when changed, refreshed in every listener (this tab, other tabs, other owners).
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { CheckoutPreferencesForm } from "../../../../client/admin/store/CheckoutPreferencesForm.tsx";
import { CommercePreferencesCache, type PreferencesTransport } from "../../../../client/admin/store/commerce-preferences.ts";
import { renderAdmin } from "../support.tsx";

describe("commerce preferences", () => {
  function fakeTransport(initial: Record<string, Record<string, unknown>> = {}) {
    const server = new Map(Object.entries(initial));
    const following = new Map<string, (() => void)[]>();
    const followers = { get: (namespace: string) => () => (following.get(namespace) ?? []).forEach((onChange) => onChange()) };
    const transport: PreferencesTransport & { loads: string[]; saves: [string, unknown][] } = {
      loads: [],
      saves: [],
      load: jest.fn(async (namespace: string) => {
        transport.loads.push(namespace);
        return { ...(server.get(namespace) ?? {}) };
      }),
      save: jest.fn(async (namespace: string, preferences: Record<string, unknown>) => {
        transport.saves.push([namespace, preferences]);
        server.set(namespace, preferences);
      }),
      follow: (namespace, onChange) => {
        following.set(namespace, [...(following.get(namespace) ?? []), onChange]);
        return () =>
          following.set(
            namespace,
            (following.get(namespace) ?? []).filter((other) => other !== onChange),
          );
      },
    };
    return { transport, server, followers };
  }

  it("loads each namespace once and caches it", async () => {
    const { transport } = fakeTransport({ checkout: { a: 1 } });
    const cache = new CommercePreferencesCache(transport);
    const [first, second] = await Promise.all([cache.load("checkout"), cache.load("checkout")]);
    expect(await cache.load("checkout")).toEqual({ a: 1 });
    expect(first).toBe(second);
    await cache.load("other");
    expect(transport.loads).toEqual(["checkout", "other"]);
  });

  it("sets the local value at once, then sends; skips a save that changes nothing", async () => {
    const { transport, server } = fakeTransport({ checkout: { a: 1 } });
    const cache = new CommercePreferencesCache(transport);
    await cache.load("checkout");
    let release!: () => void;
    (transport.save as jest.Mock).mockImplementationOnce(
      (namespace: string, preferences: Record<string, unknown>) =>
        new Promise<void>((resolve) => (release = () => resolve(void server.set(namespace, preferences)))),
    );
    const saving = cache.save("checkout", { a: 2 });
    await waitFor(() => expect(transport.save).toHaveBeenCalledTimes(1));
    expect(cache.get("checkout")).toEqual({ a: 2 });
    release();
    expect(await saving).toBe(true);
    expect(await cache.save("checkout", { a: 2, empty: "" })).toBe(false);
    expect(transport.save).toHaveBeenCalledTimes(1);
  });

  it("broadcasts a refetch to every listener: this tab's, other tabs' and other owners' (the server's event)", async () => {
    const { transport, server, followers } = fakeTransport({ checkout: { a: 1 } });
    const tabs: ((event: { data: unknown }) => void)[] = [];
    const channel = {
      postMessage: (data: unknown) => tabs.forEach((listener) => listener({ data })),
      addEventListener: (_: "message", listener: (event: { data: unknown }) => void) => tabs.push(listener),
    };
    const here = new CommercePreferencesCache(transport, channel);
    const otherTab = new CommercePreferencesCache(transport, channel);
    const seen: unknown[] = [];
    here.subscribe("checkout", () => seen.push(here.get("checkout")));
    otherTab.subscribe("checkout", () => {});
    await Promise.all([here.load("checkout"), otherTab.load("checkout")]);
    const loadsBefore = transport.loads.length;
    await here.save("checkout", { a: 2 });
    await waitFor(() => expect(otherTab.get("checkout")).toEqual({ a: 2 }));
    expect(transport.loads.length).toBeGreaterThanOrEqual(loadsBefore + 2); // a refetch here and in the other tab
    expect(seen.at(-1)).toEqual({ a: 2 });

    // Another owner saves: the server's event makes this cache refetch.
    server.set("checkout", { a: 3 });
    followers.get("checkout")!();
    await waitFor(() => expect(here.get("checkout")).toEqual({ a: 3 }));
  });

  it("reports a failed save, restores the server's value and rethrows", async () => {
    const { transport } = fakeTransport({ checkout: { a: 1 } });
    const report = jest.fn();
    const cache = new CommercePreferencesCache(transport, null, report);
    await cache.load("checkout");
    (transport.save as jest.Mock).mockRejectedValueOnce(new Error("Network error"));
    await expect(cache.save("checkout", { a: 5 })).rejects.toThrow("Network error");
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ message: "Network error" }));
    expect(cache.get("checkout")).toEqual({ a: 1 });
  });

  it("shows the form from the cache and follows another owner's save", async () => {
    const { transport, server, followers } = fakeTransport({ checkout: { orderNotes: true, thankYouNote: "Thanks!" } });
    const cache = new CommercePreferencesCache(transport);
    renderAdmin(<CheckoutPreferencesForm readOnly={false} cache={cache} />);
    await waitFor(() => expect((screen.getByLabelText("Thank-you note on the order page") as HTMLInputElement).value).toBe("Thanks!"));
    expect((screen.getByLabelText("Ask shoppers for order notes") as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("Nothing changed.");
    server.set("checkout", { thankYouNote: "Merci" });
    await act(async () => followers.get("checkout")!());
    await waitFor(() => expect((screen.getByLabelText("Thank-you note on the order page") as HTMLInputElement).value).toBe("Merci"));
    expect((screen.getByLabelText("Ask shoppers for order notes") as HTMLInputElement).checked).toBe(false);
  });
});
