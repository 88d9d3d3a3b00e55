// CSV downloads (the owner's exports): rows streamed through csv-stringify (node-csv) straight to the
// response, so a big export never sits in memory (pipeline honours back-pressure). UTF-8 with a
// byte-order mark so spreadsheet apps read the accents; cells starting with = + - @ (or a tab or a
// carriage return) are prefixed with ' so no spreadsheet runs them as formulas (CSV injection).
import type { ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { stringify } from "csv-stringify";
import { processLogger } from "../services/support/log.ts";

export interface CsvDownload {
  /** The file name the browser saves (letters, digits, dashes, .csv). */
  filename: string;
  columns: string[];
  rows: AsyncIterable<string[]>;
}

/** The stringifier of every export: header row, BOM, CRLF (RFC 4180), formulas escaped. */
export const csvStringifier = (columns: string[]) => stringify({ header: true, columns, bom: true, record_delimiter: "windows", escape_formulas: true });

/**
 * Writes the download. A failure after the first bytes cannot change the status any more: the
 * connection is cut, so the client sees a broken download rather than a silently short file.
 */
export async function sendCsv(response: ServerResponse, download: CsvDownload): Promise<void> {
  response.writeHead(200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${download.filename.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  });
  try {
    await pipeline(Readable.from(download.rows), csvStringifier(download.columns), response);
  } catch (error) {
    // The client went away, or reading a page failed: either way the download is cut, not completed.
    processLogger().warn({ err: error, filename: download.filename }, "CSV download cut short");
    response.destroy();
  }
}
