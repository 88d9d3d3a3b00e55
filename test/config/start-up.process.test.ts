// A refused variable stops the server at start-up: exit code 1 and one line naming the variable, no
// stack trace, before anything touches the database (README "Configuration").
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { projectRoot } from "../../server/db/urls.ts";

it("stops the server at start-up with exit code 1 and one line naming the variable, before touching the database", () => {
  const result = spawnSync(process.execPath, ["--import", "tsx", join("server", "main.ts")], {
    cwd: projectRoot,
    encoding: "utf8",
    env: { ...process.env, PORT: "http", NODE_OPTIONS: "" },
  });
  expect(result.status).toBe(1);
  expect(result.stderr.trim()).toBe('Configuration: PORT must be a port number from 0 to 65535, got "http"');
  expect(result.stdout).toBe("");
});
