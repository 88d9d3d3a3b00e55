// CLDR locales for the engine's locale-aware formatters (template-language.md §11). One framework per
// process; a language's resource pack (about 50 KB of JSON for `en`) is read from @phensley/cldr's
// packs on first use and kept, so only the first render in a language pays for it.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { CLDRFramework, type CLDR } from "@phensley/cldr";
import { ownerMessages } from "../domain/messages/owner.ts";

const require = createRequire(import.meta.url);
const PACKS = join(dirname(require.resolve("@phensley/cldr/packs/en.json")), ".");

const framework = new CLDRFramework({
  loader: (language: string) => readFileSync(join(PACKS, `${language}.json`), "utf8"),
  // Language packs kept in memory at once (least recently used are dropped).
  packCacheSize: 16,
});

const byTag = new Map<string, CLDR>();

export class UnknownLocaleError extends Error {
  constructor(tag: string) {
    super(ownerMessages.unknownLocale(tag));
  }
}

/**
 * The CLDR instance for a BCP-47 tag (`en`, `en-US`, `de-DE`...). Throws UnknownLocaleError for a tag
 * whose language has no CLDR data.
 */
export function cldrFor(tag: string): CLDR {
  let cldr = byTag.get(tag);
  if (cldr) return cldr;
  const resolved = CLDRFramework.resolveLocale(tag);
  const language = resolved.tag.language();
  if (!/^[a-z]{2,3}$/.test(language) || !existsSync(join(PACKS, `${language}.json`))) throw new UnknownLocaleError(tag);
  cldr = framework.get(resolved);
  // Tags come from callers (the GraphQL renderTemplate query): keep the map from growing without bound.
  if (byTag.size < 256) byTag.set(tag, cldr);
  return cldr;
}

/** Whether `tag` names a locale we have data for. */
export function isKnownLocale(tag: string): boolean {
  try {
    cldrFor(tag);
    return true;
  } catch (error) {
    if (error instanceof UnknownLocaleError) return false;
    throw error;
  }
}
