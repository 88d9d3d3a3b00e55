// A long owner task's answer as it goes (the product CSV import): newline-delimited JSON, one
// `{"progress": …}` line per step the task reports, then `{"result": …}` or `{"error": …}`. The status
// is sent before the task starts, so a failure is told in the last line, in the words a JSON answer
// would have used. The task runs to its end even when the client goes away (what it writes is kept).
import type { ServerResponse } from "node:http";

export interface ProgressTask<Progress = unknown> {
  /** Runs the task, `report` called at each step; answers the result. */
  run(report: (progress: Progress) => void): Promise<unknown>;
}

/** Streams the task's steps and its end; `failure` words an error as the JSON answers do. */
export async function sendProgress(
  response: ServerResponse,
  task: ProgressTask,
  failure: (error: unknown) => { status: number; body: unknown },
): Promise<void> {
  response.writeHead(200, { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" });
  const line = (value: unknown) => {
    if (!response.destroyed) response.write(`${JSON.stringify(value)}\n`);
  };
  try {
    line({ result: await task.run((progress) => line({ progress })) });
  } catch (error) {
    const { status, body } = failure(error);
    line({ status, ...(body as object) });
  }
  response.end();
}
