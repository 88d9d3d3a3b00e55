// The header's language switcher (issue 12 item 4): the site's languages; a standard language is saved
// with POST /api/site-users/account/locale (once more after a crumbFail), a custom one only in the
// page's cookie; one language shows no switcher.
import { act, fireEvent, screen } from "@testing-library/react";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import { LanguageSwitcher } from "../../../../client/storefront/site/LanguageSwitcher.tsx";
import { renderWithRelay } from "../../support/render.tsx";

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  document.cookie = "crumb=crumb-value-1234567890abcd";
  document.cookie = "sc_locale=; Max-Age=0";
});
const answer = (status: number, body: unknown) => ({ status, json: async () => body });

function renderSwitcher(languages: { code: string; name: string; custom: boolean }[], current = "en-US") {
  const environment = createMockEnvironment();
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      SiteLanguages: () => ({ current, languages: languages.map((language) => ({ ...language, isDefault: false })) }),
    }),
  );
  const onChosen = jest.fn();
  renderWithRelay(<LanguageSwitcher onChosen={onChosen} />, environment);
  return onChosen;
}

const SITE = [
  { code: "en-US", name: "American English", custom: false },
  { code: "fr", name: "Français", custom: false },
  { code: "qq", name: "qq", custom: true },
];

it("lists the site's languages under the label 'Language', the visitor's selected", () => {
  renderSwitcher(SITE, "fr");
  const select = screen.getByLabelText("Language") as HTMLSelectElement;
  expect([...select.options].map((option) => [option.value, option.textContent])).toEqual([
    ["en-US", "American English"],
    ["fr", "Français"],
    ["qq", "qq"],
  ]);
  expect(select.value).toBe("fr");
});

it("saves a standard language with POST /api/site-users/account/locale, retrying once after a crumbFail, then reloads", async () => {
  fetchMock.mockResolvedValueOnce(answer(403, { crumbFail: true })).mockResolvedValueOnce(answer(200, { language: "fr" }));
  const onChosen = renderSwitcher(SITE);
  await act(async () => {
    fireEvent.change(screen.getByLabelText("Language"), { target: { value: "fr" } });
  });
  expect(fetchMock).toHaveBeenCalledTimes(2);
  const [path, init] = fetchMock.mock.calls[1];
  expect([path, init.method, JSON.parse(init.body), init.headers["x-csrf-token"]]).toEqual([
    "/api/site-users/account/locale",
    "POST",
    { language: "fr" },
    "crumb-value-1234567890abcd",
  ]);
  expect(onChosen).toHaveBeenCalledTimes(1);
});

it("keeps a custom language in the cookie without the POST", async () => {
  const onChosen = renderSwitcher(SITE);
  await act(async () => {
    fireEvent.change(screen.getByLabelText("Language"), { target: { value: "qq" } });
  });
  expect(fetchMock).not.toHaveBeenCalled();
  expect(document.cookie).toContain("sc_locale=qq");
  expect(onChosen).toHaveBeenCalledTimes(1);
});

it("shows nothing for a site with one language", () => {
  renderSwitcher([SITE[0]]);
  expect(screen.queryByLabelText("Language")).toBeNull();
});
