// server/template/index.ts: compile once and render many, errors with their kind and position,
// options (locale, time zone, now, partials, injects) and the limits of untrusted renders.
import { CompiledTemplateCache, compileTemplate, renderTemplate } from "../../server/template/index.ts";
import { UnknownLocaleError } from "../../server/template/locale.ts";

describe("compile once, render many", () => {
  it("renders one compiled template against different data", () => {
    const compiled = compileTemplate("<h1>{title|html}</h1>{.section sale} on sale{.end}");
    expect(compiled.errors).toEqual([]);
    expect(renderTemplate(compiled, { title: "Mug & Cup" }).html).toBe("<h1>Mug &amp; Cup</h1>");
    expect(renderTemplate(compiled, { title: "Pot", sale: true }).html).toBe("<h1>Pot</h1> on sale");
  });

  it("keeps the compile errors of a compiled template and still renders it", () => {
    const compiled = compileTemplate("{a|nope}{b}");
    expect(compiled.errors).toEqual([{ kind: "parser", message: "Formatter 'nope' is unknown", line: 1, column: 1 }]);
    const result = renderTemplate(compiled, { b: "B" });
    expect(result.html).toBe("{a|nope}B");
    expect(result.errors).toEqual(compiled.errors);
  });

  it("gives each render its own variables and macros", () => {
    const compiled = compileTemplate("{.var @x n}{@x}{.macro m}M{n}{.end}{n|apply m}");
    expect(renderTemplate(compiled, { n: 1 }).html).toBe("1M1");
    expect(renderTemplate(compiled, { n: 2 }).html).toBe("2M2");
  });

  it("keeps the most recently used templates and compiles on a miss", () => {
    const cache = new CompiledTemplateCache(2);
    const first = cache.get("a", "{x}");
    expect(cache.get("a", "{x}")).toBe(first);
    cache.get("b", "{y}");
    cache.get("c", "{z}");
    expect(cache.size).toBe(2);
    expect(cache.get("b", "{y}")).not.toBe(undefined);
    expect(cache.get("a", "{x}")).not.toBe(first); // dropped as least recently used
    expect(cache.get("a", "{changed}").source).toBe("{changed}"); // a key with new text recompiles
  });
});

describe("errors", () => {
  it("reports line and column of the tag, counting lines from 1", () => {
    const { errors } = renderTemplate("line one\n  two {x|nope}\n{.end}", {});
    expect(errors).toEqual([
      { kind: "parser", message: "Formatter 'nope' is unknown", line: 2, column: 7 },
      { kind: "assembler", message: "Instruction END not allowed at root", line: 3, column: 1 },
    ]);
  });

  it("reports a runtime error inside a partial at the partial's tag, naming the partial", () => {
    const { html, errors } = renderTemplate("[{a|apply outer}]", { a: 1 }, { partials: { outer: "o\n {x|apply missing}" } });
    expect(html).toBe("[o\n ]");
    expect(errors).toEqual([{ kind: "engine", message: "Attempt to apply partial 'missing' which could not be found.", line: 2, column: 2, partial: "outer" }]);
  });

  it("reports the error of a formatter that throws and goes on with the rest of the template", () => {
    const { html, errors } = renderTemplate("{.section s}{d|date %Y}{name}{.end} {name}", { name: "outer", s: { d: "soon", name: "inner" } });
    expect(html).toBe("inner outer");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ kind: "engine", line: 1, column: 13 });
    expect(errors[0].message).toMatch(/^Unexpected \w+ error when executing VARIABLE: /);
  });
});

describe("options", () => {
  it("formats for the given locale, and prints CLDR formatters as empty without one", () => {
    const data = { n: 1234.5, m: { value: "9", currency: "EUR" } };
    expect(renderTemplate("{n|decimal} {m|money}", data, { locale: "de-DE" }).html).toBe("1.234,5 9,00\u00a0€");
    expect(renderTemplate("[{n|decimal}][{m|money}]", data, { locale: null }).html).toBe("[][]");
    expect(renderTemplate("{n|decimal}", data).html).toBe("1,234.5");
  });

  it("refuses a locale it has no data for", () => {
    expect(() => renderTemplate("x", {}, { locale: "zz" })).toThrow(UnknownLocaleError);
  });

  it("uses the timeZone option only when the data names no zone", () => {
    const t = 1582571080000;
    expect(renderTemplate("{t|date %H %Z}", { t }, { timeZone: "Asia/Tokyo" }).html).toBe("04 JST");
    expect(renderTemplate("{t|date %H %Z}", { t, website: { timeZone: "Europe/London" } }, { timeZone: "Asia/Tokyo" }).html).toBe("19 GMT");
    expect(renderTemplate("{t|date %H %Z}", { t }).html).toBe("14 EST");
  });

  it("counts relative times from the now option", () => {
    const now = Date.UTC(2026, 0, 1);
    expect(renderTemplate("{t|relative-time}", { t: now + 3 * 86_400_000 }, { now }).html).toBe("in 3 days");
  });

  it("binds injects for .inject", () => {
    expect(renderTemplate("{.inject @m ./m.json}{@m.hi}", {}, { injects: { "./m.json": { hi: "Hello" } } }).html).toBe("Hello");
  });
});

describe("limits", () => {
  it("stops a render that runs past its time, with an engine error and the output so far", () => {
    // 300 × 300 × 300 iterations: far more than 20 ms.
    const level3 = new Array(300).fill(1);
    const level2 = new Array(300).fill({ c: level3 });
    const data = { c: new Array(300).fill({ c: level2 }) };
    const started = performance.now();
    const { html, errors } = renderTemplate("start {.repeated section c}{.repeated section c}{.repeated section c}.{.end}{.end}{.end}", data, {
      limits: { timeMs: 20 },
    });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(html.startsWith("start ...")).toBe(true);
    expect(html.length).toBeLessThan(300 ** 3);
    expect(errors).toEqual([expect.objectContaining({ kind: "engine", message: "Rendering stopped: it took longer than 20 ms." })]);
  });

  it("stops a render whose output would pass the limit, keeping what fits", () => {
    const { html, errors } = renderTemplate("{.repeated section a}0123456789{.end}", { a: new Array(1000).fill(1) }, { limits: { maxOutputChars: 95 } });
    expect(html).toBe("0123456789".repeat(9));
    expect(errors).toEqual([{ kind: "engine", message: "Rendering stopped: the output passed 95 characters.", line: 1, column: 22 }]);
  });

  it("returns the page so far when a limit stops the render inside a partial", () => {
    const { html, errors } = renderTemplate(
      "page {x|apply part} end",
      { x: 1 },
      { partials: { part: "{.repeated section @}{.end}abcdefghij" }, limits: { maxOutputChars: 8 } },
    );
    expect(html).toBe("page ");
    expect(errors).toEqual([{ kind: "engine", message: "Rendering stopped: the output passed 8 characters.", line: 1, column: 28, partial: "part" }]);
  });

  it("bounds .eval expressions", () => {
    const tokens = renderTemplate("{.eval 1 + 2 + 3 + 4}", {}, { limits: { maxExpressionTokens: 5 } });
    expect(tokens.errors[0].message).toContain("Expression exceeds the maximum number of allowed tokens: 5");
    const concat = renderTemplate('{.eval "abc" + "def"}', {}, { limits: { maxConcatLength: 4 } });
    expect(concat.html).toBe("");
    expect(concat.errors[0].message).toContain("Concatenation would exceed maximum string length 4");
  });
});
