// The message catalogue (issue 20): every user-facing sentence is spelled once. Each bundle of
// server/domain/messages/ is loaded by the screens that show it; a sentence two bundles need lives
// in the one both load (storefront.ts, the always-loaded bundle, before any lazily loaded one), never
// under two keys, so a correction or a translation cannot reach one copy and miss the other.
import { readdirSync } from "node:fs";
import { join } from "node:path";

const folder = join(__dirname, "../../../server/domain/messages");
// Translations and the modules that assemble them repeat English keys on purpose; admin-*.ts are the
// parts of admin.ts (one file per admin area), read through it.
const bundles = readdirSync(folder).filter((name) => name.endsWith(".ts") && !/-fr\.ts$|^catalogue\.ts$|^localized\.ts$|^admin-/.test(name));

/** Every text of a bundle by key path; a templated message is called with placeholders. */
function texts(prefix: string, value: unknown, into: Map<string, string[]>): void {
  if (typeof value === "function") {
    const text = templated(value as (...args: unknown[]) => unknown);
    if (typeof text === "string") texts(`${prefix}()`, text, into);
  } else if (typeof value === "string") into.set(value, [...(into.get(value) ?? []), prefix]);
  else if (value && typeof value === "object") for (const [key, child] of Object.entries(value)) texts(`${prefix}.${key}`, child, into);
}

/** A templated message's text with placeholders; one taking other arguments (a list) is passed over. */
function templated(message: (...args: unknown[]) => unknown): unknown {
  try {
    return message("{0}", "{1}", "{2}", "{3}");
  } catch {
    return null;
  }
}

/** A sentence: several words ending with a full stop, a question or an exclamation mark. */
const isSentence = (text: string) => /\s/.test(text) && /[.!?]$/.test(text);

it("finds the bundles", () => {
  expect(bundles).toEqual(expect.arrayContaining(["storefront.ts", "checkout.ts", "admin.ts", "owner.ts", "tracking.ts"]));
});

it("spells every sentence under one key only", async () => {
  const byText = new Map<string, string[]>();
  for (const bundle of bundles) {
    const exported = (await import(join(folder, bundle))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exported)) texts(`${bundle}:${name}`, value, byText);
  }
  const twice = [...byText].filter(([text, keys]) => isSentence(text) && keys.length > 1).map(([text, keys]) => `${text} <- ${keys.join(", ")}`);
  expect(twice).toEqual([]);
});

it("exports each catalogue under one name", async () => {
  const names = new Map<string, string>();
  for (const bundle of bundles) {
    for (const name of Object.keys((await import(join(folder, bundle))) as object)) {
      expect(names.get(name) ?? bundle).toBe(bundle);
      names.set(name, bundle);
    }
  }
});
