// Query.renderTemplate: integrators render their own templates, within limits on size and time.
import { run, startTestStore, type TestStore } from "../support/app.ts";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore({ seed: false });
});
afterAll(() => store.close());

const RENDER = `query($template: String!, $data: JSONObject, $partials: JSONObject, $locale: String, $now: DateTime) {
  renderTemplate(template: $template, data: $data, partials: $partials, locale: $locale, now: $now) {
    __typename
    ... on RenderedTemplate { html errors { kind message line column partial } }
    ... on Error { message code }
  }
}`;

const render = async (variables: Record<string, unknown>) => (await run(store.visitor(), RENDER, variables)).renderTemplate;

it("renders a template against the given data and partials", async () => {
  const result = await render({
    template: "<ul>{.repeated section items}{@|apply item}{.end}</ul> {total|money}",
    data: { items: [{ name: "Tea & Cake" }, { name: "Pot" }], total: { value: "12.5", currency: "USD" } },
    partials: { item: "<li>{name|html}</li>" },
  });
  expect(result).toEqual({ __typename: "RenderedTemplate", html: "<ul><li>Tea &amp; Cake</li><li>Pot</li></ul> $12.50", errors: [] });
});

it("formats for the given locale", async () => {
  const result = await render({ template: "{total|money}", data: { total: { value: "1234.5", currency: "EUR" } }, locale: "de-DE" });
  expect(result.html).toBe("1.234,50\u00a0€");
});

it("counts relative times from the given now", async () => {
  const result = await render({ template: "{t|relative-time}", data: { t: Date.UTC(2026, 0, 3) }, now: "2026-01-01T00:00:00.000Z" });
  expect(result.html).toBe("in 2 days");
});

it("returns errors with their kind and position beside what could be rendered", async () => {
  const result = await render({ template: "ok {a|shout}\n{b|apply nope}{.section c}", data: { b: 1 } });
  expect(result).toEqual({
    __typename: "RenderedTemplate",
    html: "ok {a|shout}\n",
    errors: [
      { kind: "PARSER", message: "Formatter 'shout' is unknown", line: 1, column: 4, partial: null },
      { kind: "ASSEMBLER", message: "Reached EOF in the middle of SECTION", line: 2, column: 15, partial: null },
      { kind: "ENGINE", message: "Attempt to apply partial 'nope' which could not be found.", line: 2, column: 1, partial: null },
    ],
  });
});

it("renders without data", async () => {
  expect((await render({ template: "Hello {name}!" })).html).toBe("Hello !");
});

describe("limits", () => {
  it.each([
    ["a template over 64 KiB", { template: "x".repeat(64 * 1024 + 1) }, "The template is longer than 65536 characters."],
    ["data over 256 KiB of JSON", { template: "x", data: { text: "y".repeat(256 * 1024) } }, "The data is larger than 262144 characters of JSON."],
    [
      "more than 50 partials",
      { template: "x", partials: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`p${i}`, "x"])) },
      "Give at most 50 partials.",
    ],
    [
      "partials over 256 KiB together",
      { template: "x", partials: { a: "x".repeat(200_000), b: "x".repeat(70_000) } },
      "The partials are longer than 262144 characters together.",
    ],
    ["a partial that is not text", { template: "x", partials: { a: { source: "x" } } }, "Each partial is the source text of a template."],
    ["a locale without data", { template: "x", locale: "xx-YY" }, "That is not a locale we have data for (try en-US, fr-FR or de-DE)."],
  ])("refuses %s", async (_what, variables, message) => {
    expect(await render(variables)).toEqual({ __typename: "InvalidInputError", message, code: "INVALID_INPUT" });
  });

  it("accepts a template of exactly 64 KiB", async () => {
    expect((await render({ template: "x".repeat(64 * 1024) })).html).toHaveLength(64 * 1024);
  });

  it("stops a render after 100 ms and returns what it had", async () => {
    // Four nested loops over 60 elements (13 million steps) from a few hundred bytes of input.
    const template = [
      "start",
      "{.macro l4}{.repeated section @}{.end}{.end}",
      "{.macro l3}{.repeated section @}{a|apply l4}{.end}{.end}",
      "{.macro l2}{.repeated section @}{a|apply l3}{.end}{.end}",
      "{.macro l1}{.repeated section @}{a|apply l2}{.end}{.end}",
      "{a|apply l1}",
    ].join("");
    // Not timed here (a busy machine is slow anyway): the answer's error says the render was cut at its
    // time limit; how fast renders are is scripts/bench-template.ts's business.
    const result = await render({ template, data: { a: new Array(60).fill(0) } });
    expect(result.html).toBe("start");
    expect(result.errors).toEqual([expect.objectContaining({ kind: "ENGINE", message: "Rendering stopped: it took longer than 100 ms." })]);
  });

  it("stops a render at 512 KiB of output", async () => {
    const result = await render({ template: "{.repeated section a}{b}{.end}", data: { a: new Array(100).fill(1), b: "z".repeat(10_000) } });
    expect(result.html).toHaveLength(52 * 10_000);
    expect(result.errors).toEqual([{ kind: "ENGINE", message: "Rendering stopped: the output passed 524288 characters.", line: 1, column: 22, partial: null }]);
  });

  it("bounds .eval expressions", async () => {
    const result = await render({ template: `{.eval ${Array.from({ length: 300 }, (_, i) => i).join(" + ")}}` });
    expect(result.html).toBe("");
    expect(result.errors[0].message).toContain("Expression exceeds the maximum number of allowed tokens: 500");
  });
});
