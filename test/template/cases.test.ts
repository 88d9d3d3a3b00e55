// The template cases of test/template/cases/ (template-language.md §15): each renders its :TEMPLATE
// against its :JSON and must print its :OUTPUT (both trimmed), and produce exactly its :ERRORS when
// the case lists them.
import { join } from "node:path";
import { renderTemplate } from "../../server/template/index.ts";
import { caseInput, caseTitle, describeError, expectedErrors, loadCases } from "./case-file.ts";

const cases = loadCases(join(__dirname, "cases"));

it("finds the case files", () => {
  expect(cases.length).toBeGreaterThan(300);
});

describe.each([...new Set(cases.map((testCase) => testCase.file.split("/")[0]))])("%s", (folder) => {
  it.each(cases.filter((testCase) => testCase.file.startsWith(`${folder}/`)).map((testCase) => [caseTitle(testCase), testCase] as const))(
    "%s",
    (_title, testCase) => {
      const expected = testCase.sections.get("OUTPUT");
      if (expected === undefined) throw new Error(`${testCase.file} has no :OUTPUT`);
      const { template, data, options } = caseInput(testCase.sections);
      const { html, errors } = renderTemplate(template, data, options);
      expect(html.trim()).toBe(expected.trim());
      const wanted = expectedErrors(testCase.sections);
      if (wanted) expect(errors.map(describeError)).toEqual(wanted);
    },
  );
});
