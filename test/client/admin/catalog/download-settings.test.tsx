// The products screen's "Digital downloads" panel (issue 23): the store's link expiry and download
// limit, shown, checked before sending with the server's bounds and sentence, saved, and read-only
// for a role without products.write.
import { act, fireEvent, screen } from "@testing-library/react";
import ProductListScreenQuery from "../../../../client/__generated__/ProductListScreenQuery.graphql.ts";
import ProductListScreen from "../../../../client/admin/catalog/ProductListScreen.tsx";
import { preload } from "../../support/render.tsx";
import { ALL_PERMISSIONS, renderAdmin } from "../support.tsx";
import { answer, connection, ebook, latest, pending, VIEWER } from "./support.ts";

function show(permissions: readonly string[] = ALL_PERMISSIONS) {
  const { environment, queryRef } = preload(
    ProductListScreenQuery,
    { search: null, type: null, visible: null },
    { Query: () => ({ ownerProducts: connection([ebook]), ownerDownloadSettings: { expiryHours: 48, downloadLimit: 3 } }) },
  );
  return renderAdmin(<ProductListScreen queryRef={queryRef} match={{ params: {}, search: new URLSearchParams() }} />, { environment, permissions });
}
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const save = () => act(async () => void fireEvent.click(screen.getByRole("button", { name: "Save settings" })));

describe("digital downloads settings", () => {
  it("shows the store's link expiry and download limit", () => {
    show();
    expect(screen.getByRole("heading", { name: "Digital downloads" })).toBeTruthy();
    expect(field("Links work for (hours)").value).toBe("48");
    expect(field("Downloads per link").value).toBe("3");
  });

  it.each([
    ["an expiry of 0 hours", "0", "5", "Links work for (hours)"],
    ["an expiry over a year", "8761", "5", "Links work for (hours)"],
    ["a fraction of an hour", "1.5", "5", "Links work for (hours)"],
    ["a limit of 0 downloads", "24", "0", "Downloads per link"],
    ["a limit over 100", "24", "101", "Downloads per link"],
  ])("refuses %s before sending it, next to the field", async (_case, hours, limit, wrongLabel) => {
    const { environment } = show();
    fireEvent.change(field("Links work for (hours)"), { target: { value: hours } });
    fireEvent.change(field("Downloads per link"), { target: { value: limit } });
    await save();
    expect(screen.getByRole("alert").textContent).toBe("Links last 1 to 8760 hours and allow 1 to 100 downloads.");
    expect(field(wrongLabel).getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(field(wrongLabel).getAttribute("aria-describedby")!)?.textContent).toBe(
      "Links last 1 to 8760 hours and allow 1 to 100 downloads.",
    );
    expect(document.activeElement).toBe(field(wrongLabel));
    expect(pending(environment)).toEqual([]);
  });

  it("saves the bounds themselves and says so", async () => {
    const { environment } = show();
    fireEvent.change(field("Links work for (hours)"), { target: { value: "8760" } });
    fireEvent.change(field("Downloads per link"), { target: { value: "100" } });
    await save();
    expect(latest(environment).request.node.params.name).toBe("UpdateDownloadSettingsMutation");
    expect(latest(environment).request.variables.input).toEqual({ expiryHours: 8760, downloadLimit: 100 });
    await answer(environment, {
      UpdateDownloadSettingsPayload: () => ({ __typename: "UpdateDownloadSettingsSuccess" }),
      DownloadSettings: () => ({ expiryHours: 8760, downloadLimit: 100 }),
    });
    expect(screen.getByRole("status").textContent).toBe("Settings saved.");
    expect(field("Links work for (hours)").getAttribute("aria-invalid")).toBeNull();
  });

  it("shows the server's refusal", async () => {
    const { environment } = show();
    await save();
    await act(async () =>
      environment.mock.resolveMostRecentOperation({
        data: {
          updateDownloadSettings: {
            __typename: "InvalidInputError",
            __isError: "InvalidInputError",
            message: "Links last 1 to 8760 hours and allow 1 to 100 downloads.",
          },
        },
      } as never),
    );
    expect(screen.getByRole("alert").textContent).toBe("Links last 1 to 8760 hours and allow 1 to 100 downloads.");
  });

  it("lets a role without products.write read the settings but not change them", () => {
    show(VIEWER);
    expect(field("Links work for (hours)").matches(":disabled")).toBe(true);
    expect(screen.queryByRole("button", { name: "Save settings" })).toBeNull();
  });
});
