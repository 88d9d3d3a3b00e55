// The one reader of request bodies: JSON, form-encoded bodies of legacy clients, {} for none; 400 for
// a body that is not JSON and 413 past the limit, without reading the rest.
import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { HttpError } from "../../server/http/http-error.ts";
import { readJsonBody } from "../../server/http/json-body.ts";

function request(chunks: string[], contentType = "application/json"): IncomingMessage {
  return Object.assign(Readable.from(chunks.map((chunk) => Buffer.from(chunk))), { headers: { "content-type": contentType } }) as unknown as IncomingMessage;
}

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  return { status: (error as HttpError).status, message: (error as HttpError).message };
}

it("reads JSON, in chunks", async () => {
  expect(await readJsonBody(request(['{"itemId":', '"12","quantity":2}']))).toEqual({ itemId: "12", quantity: 2 });
  expect(await readJsonBody(request(["[1,2]"]))).toEqual([1, 2]);
});

it("reads an empty or blank body as {}", async () => {
  expect(await readJsonBody(request([]))).toEqual({});
  expect(await readJsonBody(request([" \n "]))).toEqual({});
});

it("reads a form-encoded body, unless it is JSON sent under the form content type", async () => {
  const form = "application/x-www-form-urlencoded";
  expect(await readJsonBody(request(["itemId=12&sku=MUG-1"], form))).toEqual({ itemId: "12", sku: "MUG-1" });
  expect(await readJsonBody(request(['{"itemId":"12"}'], form))).toEqual({ itemId: "12" });
});

it("refuses a body that is not JSON with 400", async () => {
  expect(await failure(readJsonBody(request(["{itemId: 12}"])))).toEqual({ status: 400, message: expect.stringMatching(/\S/) });
});

it("refuses a body past the limit with 413 'too large' as soon as it is passed", async () => {
  let read = 0;
  const chunks = Readable.from(
    (function* () {
      for (let index = 0; index < 100; index++) {
        read++;
        yield Buffer.from("x".repeat(1024));
      }
    })(),
  );
  const oversized = Object.assign(chunks, { headers: {} }) as unknown as IncomingMessage;
  expect(await failure(readJsonBody(oversized, 4 * 1024))).toEqual({ status: 413, message: expect.stringMatching(/too large/i) });
  expect(read).toBeLessThan(10);
});
