// An acknowledged submission is never lost (issue 4 §1, §4): submissions are sent to a real server
// process, which is killed with SIGKILL while more are in flight; after a restart on the same
// database every submission that was acknowledged is there (SQLite file or PostgreSQL).
import { createDb } from "../../../server/db/client.ts";
import { TestVisitor } from "../../support/app.ts";
import { createTestDatabase, type TestDatabase } from "../../support/db.ts";
import { startServer as startServerProcess, stopServers, type Server } from "../../support/server-process.ts";

jest.setTimeout(120_000);

// Form submissions are rate-limited per address and per email: off, as every visitor here is 127.0.0.1.
const startServer = (databaseUrl: string) =>
  startServerProcess(databaseUrl, { env: { FORM_SUBMISSIONS_PER_MINUTE: "0", FORM_SUBMISSIONS_PER_EMAIL_PER_HOUR: "0" }, startTimeoutMs: 60_000 });

let database: TestDatabase;
const servers: Server[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await stopServers(servers, "SIGTERM");
  await database.drop();
});

it("keeps every acknowledged submission when the server is killed with SIGKILL mid-stream", async () => {
  const first = await startServer(database.url);
  servers.push(first);
  const db = await createDb(database.url);
  const formId = (await db.form.findFirstOrThrow({ where: { key: "contact" } })).id;

  // 80 visitors, each with a crumb and a key, then all submitting at once.
  const visitors = await Promise.all(Array.from({ length: 80 }, () => new TestVisitor(first.baseUrl).arrive()));
  const keys = await Promise.all(visitors.map(async (visitor) => (await visitor.request("POST", "/api/form/FormSubmissionKey")).body.data.key as string));
  const acknowledged: { submissionId: string; email: string }[] = [];
  let killed = false;
  const kill = () => {
    if (killed) return;
    killed = true;
    first.process.kill("SIGKILL");
  };
  const attempts = visitors.map(async (visitor, index) => {
    const email = `crash${index}@example.com`;
    try {
      const response = await visitor.request("POST", "/api/form/SaveFormSubmission", {
        body: {
          key: keys[index],
          formId,
          form: JSON.stringify({ name: ["Crash", `Test ${index}`], email, message: `submission ${index}` }),
          pagePath: "/contact",
        },
      });
      if (response.status === 200 && response.body.success === true) {
        acknowledged.push({ submissionId: response.body.submissionId, email });
        if (acknowledged.length >= 25) kill();
      }
    } catch {
      // The connection died with the server: not acknowledged.
    }
  });
  await Promise.all(attempts);
  kill();
  expect(await first.exited).toBe("SIGKILL");
  expect(acknowledged.length).toBeGreaterThanOrEqual(25);
  // Some submissions were still in flight when the process died (else the kill proved nothing).
  expect(acknowledged.length).toBeLessThan(80);
  await db.$disconnect();

  // Restart on the same database: everything acknowledged is there, readable by the owner.
  const second = await startServer(database.url);
  servers.push(second);
  const owner = await new TestVisitor(second.baseUrl).arrive();
  const signIn = await owner.request("POST", "/api/site-users/account/session", { body: { email: "owner@sitecart.test", password: "owner-password" } });
  expect(signIn.status).toBe(200);
  const stored = new Map<string, string>();
  let after: string | null = null;
  do {
    const page: any = await owner.graphql(
      `query($after: String) { formSubmissions(first: 50, after: $after) { edges { node { id email } } pageInfo { hasNextPage endCursor } } }`,
      { after },
      { "x-siteuser-xsrf-token": signIn.body.xsrfToken },
    );
    for (const edge of page.data.formSubmissions.edges) stored.set(edge.node.id, edge.node.email);
    after = page.data.formSubmissions.pageInfo.hasNextPage ? page.data.formSubmissions.pageInfo.endCursor : null;
  } while (after);
  for (const { submissionId, email } of acknowledged) expect([submissionId, stored.get(submissionId)]).toEqual([submissionId, email]);
  second.process.kill("SIGTERM");
  expect(await second.exited).toBe(0);
});
