// CSV downloads (http/csv.ts): header row, BOM, CRLF, formulas escaped; a failure after the first
// bytes cuts the connection, so the client sees a broken download, never a silently short file.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sendCsv } from "../../server/http/csv.ts";
import { setProcessLogger } from "../../server/services/support/log.ts";
import { pino } from "pino";

let server: Server;
let rows: () => AsyncIterable<string[]>;
let baseUrl: string;

beforeAll(async () => {
  setProcessLogger(pino({ level: "silent" }));
  server = createServer((_request, response) => void sendCsv(response, { filename: "t.csv", columns: ["A", "B"], rows: rows() }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

it("writes a BOM, the header row and the rows, CRLF-separated, quoting and escaping as needed", async () => {
  rows = async function* () {
    yield ["=1+1", "a, b"];
    yield ["Zoë", 'say "hi"'];
  };
  const response = await fetch(baseUrl);
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("content-disposition")).toBe('attachment; filename="t.csv"');
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
  expect(text).toBe('\uFEFFA,B\r\n\'=1+1,"a, b"\r\nZoë,"say ""hi"""\r\n');
});

it("cuts the connection when a row fails after the download began", async () => {
  rows = async function* () {
    yield ["first", "row"];
    throw new Error("the database went away");
  };
  const response = await fetch(baseUrl);
  expect(response.status).toBe(200);
  await expect(response.text()).rejects.toThrow();
});
