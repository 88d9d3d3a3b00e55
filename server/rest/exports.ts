// The owner's CSV exports (docs/forms.md "Exports"): a form's submissions and a mailing list's
// sign-ups with their consent records, the analytics, the products and the orders (issue 23), the customers (issue 24); and the
// product CSV import (a preview that writes nothing, then the import), the file as the raw body. GET with the session and the X-SiteUser-XSRF-Token header
// (a browser saves the answer as a Blob); each names the permission of the data it holds. The import
// answers its progress batch by batch to a client that accepts application/x-ndjson.
import { z } from "zod";
import { RANGE_PRESETS } from "../domain/analytics/dashboard.ts";
import { NotFoundError } from "../domain/errors.ts";
import { exportFileName, signUpColumns, signUpRows, submissionColumns, submissionRow } from "../domain/forms/exports.ts";
import { formMessages } from "../domain/messages/forms.ts";
import { checkoutMessages } from "../domain/messages/checkout.ts";
import { ownerMessages } from "../domain/messages/owner.ts";
import { parseFormId } from "../services/forms/forms.ts";
import { defineRoute, type Route } from "./route.ts";

/** The largest CSV file the import reads (50,000 rows of a few hundred bytes fit). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/** spam=true exports the submissions the honeypot caught instead of the others. */
const submissionsQuery = z.object({
  spam: z
    .enum(["", "true", "false"], { error: checkoutMessages.invalidRequest })
    .optional()
    .transform((value) => value === "true"),
});

/** The analytics export's range: a preset, or from and to (a custom range when preset is left out). */
const analyticsRangeQuery = z.object({
  preset: z.enum(RANGE_PRESETS, { error: checkoutMessages.invalidRequest }).optional(),
  from: z.string().max(10, { error: ownerMessages.analyticsRangeDay }).optional(),
  to: z.string().max(10, { error: ownerMessages.analyticsRangeDay }).optional(),
});

async function* fromList<T>(items: readonly T[]): AsyncGenerator<T> {
  yield* items;
}

async function* map<T, R>(source: AsyncIterable<T>, each: (item: T) => Iterable<R>): AsyncGenerator<R> {
  for await (const item of source) yield* each(item);
}

const acceptsProgress = (accept: string | string[] | undefined) => String(accept ?? "").includes("application/x-ndjson");

export const exportRoutes: Route[] = [
  defineRoute({
    method: "GET",
    path: "/api/owner/forms/:formId/submissions.csv",
    changesState: false,
    permission: "submissions.read",
    query: submissionsQuery,
    async handle(request, services) {
      const formId = parseFormId(request.params.formId);
      if (formId === null) throw new NotFoundError(formMessages.formNotFound);
      const { form, submissions } = await services.forms.submissionExport(formId, { spam: request.query.spam });
      return {
        body: null,
        csv: {
          filename: exportFileName(form.key, request.query.spam ? "spam" : "submissions"),
          columns: submissionColumns(form.fields),
          rows: map(submissions, (submission) => [submissionRow(form.fields, submission)]),
        },
      };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/owner/mailing-lists/:mailingListId/signups.csv",
    changesState: false,
    permission: "mailingLists.read",
    async handle(request, services) {
      // A row id as the form routes read theirs (digits, within the database's range).
      const listId = parseFormId(request.params.mailingListId);
      if (listId === null) throw new NotFoundError(ownerMessages.mailingListNotFound);
      const { name, signUps } = await services.forms.mailingListExport(listId);
      return { body: null, csv: { filename: exportFileName(name, "sign-ups"), columns: signUpColumns(), rows: map(signUps, signUpRows) } };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/owner/analytics/export.csv",
    changesState: false,
    permission: "analytics.read",
    query: analyticsRangeQuery,
    async handle(request, services) {
      const { preset, from, to } = request.query;
      const { filename, columns, rows } = await services.analyticsDashboard.export({ preset: preset ?? "CUSTOM", from, to });
      // At most 400 rows (one per day): already in memory, handed over as the stream the writer reads.
      return { body: null, csv: { filename, columns, rows: fromList(rows) } };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/owner/products.csv",
    changesState: false,
    permission: "products.read",
    async handle(_request, services) {
      return { body: null, csv: await services.productExport.export() };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/owner/orders.csv",
    changesState: false,
    permission: "orders.read",
    async handle(_request, services) {
      return { body: null, csv: services.orderExport.export() };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/api/owner/customers.csv",
    changesState: false,
    permission: "customers.read",
    async handle(_request, services) {
      return { body: null, csv: services.customers.export() };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/owner/products/import/preview",
    changesState: true,
    permission: "products.write",
    acceptsBody: true,
    async handle(request, services) {
      return { body: await services.productImport.preview(await request.bytes(MAX_IMPORT_BYTES)) };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/api/owner/products/import",
    changesState: true,
    permission: "products.write",
    acceptsBody: true,
    async handle(request, services) {
      const file = await request.bytes(MAX_IMPORT_BYTES);
      // A client that reads newline-delimited JSON is told each batch as it commits (the admin's bar).
      if (acceptsProgress(request.headers.accept)) return { body: null, progress: { run: (report) => services.productImport.import(file, report) } };
      return { body: await services.productImport.import(file) };
    },
  }),
];
