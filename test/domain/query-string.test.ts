// Query strings and form bodies read one way (issue 20, rules 6 and 8; platform-support §9 "Query-string
// parse limit 1000 keys"): the first value of a repeated name, at most 1000 names, and a text past the
// limit marked as such, so every reader of a request refuses it instead of dropping names silently.
import { Readable } from "node:stream";
import type { IncomingMessage } from "node:http";
import { parseFormBody } from "../../server/domain/analytics/input-fields.ts";
import { queryValues } from "../../server/domain/forms/answers.ts";
import { countQueryKeys, readQueryString } from "../../server/domain/query-string.ts";
import { readJsonBody } from "../../server/http/json-body.ts";
import { queryObject } from "../../server/rest/route.ts";

const names = (count: number) => Array.from({ length: count }, (_, index) => `k${index}=${index}`).join("&");

const formRequest = (body: string) =>
  Object.assign(Readable.from([Buffer.from(body)]), {
    headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(body)) },
  }) as unknown as IncomingMessage;

describe("readQueryString", () => {
  it("keeps the first value of a repeated name, with or without the leading ?", () => {
    expect(readQueryString("?a=1&a=2&b=3")).toEqual({ values: { a: "1", b: "3" }, overLimit: false });
    expect(readQueryString("a=1&&b=2&")).toEqual({ values: { a: "1", b: "2" }, overLimit: false });
  });

  it("reads 1000 names and marks a text with 1001 as over the limit", () => {
    expect(readQueryString(names(1000)).overLimit).toBe(false);
    const over = readQueryString(names(1001));
    expect(over.overLimit).toBe(true);
    expect(Object.keys(over.values)).toHaveLength(1000);
  });

  it("counts names as it reads them (an empty part is no name)", () => {
    expect(countQueryKeys("?a=1&&b=2&")).toBe(2);
    expect(countQueryKeys("")).toBe(0);
  });
});

describe("every reader agrees", () => {
  it("the first value of a repeated field: JSON-body reader, tracking form bodies, the page's query", async () => {
    expect(await readJsonBody(formRequest("email=first%40example.com&email=second%40example.com"))).toEqual({ email: "first@example.com" });
    expect(parseFormBody("email=first&email=second")).toEqual({ ok: true, value: { email: "first" } });
    expect(queryValues("?email=first&email=second")).toEqual({ email: "first" });
    expect(queryObject(new URL("http://shop.test/api/x?email=first&email=second"))).toEqual({ email: "first" });
  });

  it("past 1000 names: a request body is refused as too large, the page's own URL reads its first 1000", async () => {
    await expect(readJsonBody(formRequest(names(1001)))).rejects.toMatchObject({ status: 413 });
    expect(parseFormBody(names(1001))).toMatchObject({ ok: false, reason: "too-large" });
    expect(() => queryObject(new URL(`http://shop.test/api/x?${names(1001)}`))).toThrow(expect.objectContaining({ status: 413 }));
    expect(Object.keys(queryValues(names(1001)))).toHaveLength(1000);
  });
});
