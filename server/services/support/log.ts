// The process's logger, for code that has no request at hand (services, background work). The entry
// point installs the configured one (http/logging.ts createLogger, then setProcessLogger); until then
// warnings and errors still reach stderr, as JSON lines, so tests and scripts lose nothing.
import { pino, type Logger } from "pino";

let current: Logger = pino({ level: "warn" }, pino.destination({ dest: 2, sync: true }));

export function processLogger(): Logger {
  return current;
}

export function setProcessLogger(logger: Logger): void {
  current = logger;
}
