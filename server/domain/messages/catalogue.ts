// Turns an ICU catalogue (server/domain/messages-fr.ts) into values shaped like messages.ts: a string
// where the English message is a string, a function of the same positional arguments where it is one.
import { messages } from "./storefront.ts";

interface Formatter {
  format(values?: Record<string, unknown>): unknown;
}

/** {0}, {1}... by position, and has0, has1... ("yes", or "no" for an empty or missing argument) for selects. */
function argumentValues(args: readonly unknown[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  args.forEach((value, index) => {
    values[String(index)] = value;
    values[`has${index}`] = value === "" || value === null || value === undefined ? "no" : "yes";
  });
  return values;
}

export function compileCatalogue(
  catalogue: Readonly<Record<string, string | undefined>>,
  locale: string,
  formatter: (text: string, locale: string) => Formatter,
): Record<string, unknown> {
  const compiled: Record<string, unknown> = {};
  for (const [key, text] of Object.entries(catalogue)) {
    const english = (messages as Record<string, unknown>)[key];
    if (text === undefined || english === undefined) continue;
    const format = formatter(text, locale);
    compiled[key] = typeof english === "function" ? (...args: unknown[]) => String(format.format(argumentValues(args))) : String(format.format());
  }
  return compiled;
}
