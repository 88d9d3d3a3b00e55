// The JSON-Template engine as the store uses it (template-language.md): the maintained
// @squarespace/template-engine parses, assembles and executes; we add the formatters it lacks
// (plugins/), error positions and limits (runtime.ts), and compile caches. Errors are collected,
// never thrown: a broken template renders what it can, and the caller gets the errors beside the HTML.
import { RootCode } from "@squarespace/template-engine";
import { cldrFor } from "./locale.ts";
import { FORMATTERS, PREDICATES } from "./plugins/index.ts";
import { parseSource, RenderContext, RenderEngine, RenderStopped, type TemplateError } from "./runtime.ts";
import type { TemplateError as LibraryError } from "@squarespace/template-engine";

export type { ErrorKind, TemplateError } from "./runtime.ts";

export interface CompiledTemplate {
  readonly source: string;
  readonly code: RootCode;
  /** Parser and assembler errors (a template with errors still renders what it can). */
  readonly errors: readonly TemplateError[];
  /** The same errors as the library reports them (its partial loader wraps them). */
  readonly libraryErrors: readonly LibraryError[];
}

/** Parses and assembles a template once; render it as often as needed. */
export function compileTemplate(source: string, partial?: string): CompiledTemplate {
  const { code, errors, libraryErrors } = parseSource(source, FORMATTERS, PREDICATES, partial);
  return { source, code, errors, libraryErrors };
}

/** A bounded map of compiled templates, least recently used dropped first. */
export class CompiledTemplateCache {
  readonly #entries = new Map<string, CompiledTemplate>();

  constructor(private readonly capacity = 500) {}

  /** The compiled template for `key`, compiling `source` on a miss. */
  get(key: string, source: string, partial?: string): CompiledTemplate {
    let compiled = this.#entries.get(key);
    if (compiled && compiled.source === source) {
      this.#entries.delete(key);
    } else {
      compiled = compileTemplate(source, partial);
    }
    this.#entries.set(key, compiled);
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value!);
    return compiled;
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** Templates and partials given as text are compiled once per process (keyed by partial name and text). */
const sourceCache = new CompiledTemplateCache(1000);

export interface RenderLimitOptions {
  /** Stop after this many milliseconds (an engine error says so; the output so far is returned). */
  timeMs?: number;
  /** Stop once this many characters have been written. */
  maxOutputChars?: number;
  /** `.eval`: most tokens in one expression, longest string built by `+`. */
  maxExpressionTokens?: number;
  maxConcatLength?: number;
}

export interface RenderOptions {
  /** Partial name → template source, for `apply` and `.include`. */
  partials?: Record<string, string>;
  /** A BCP-47 tag (default `en`); null renders without a locale (CLDR formatters print ""). */
  locale?: string | null;
  /** The zone for dates when the data names none at `website.timeZone` (default America/New_York). */
  timeZone?: string;
  /** "Now" in epoch milliseconds (default: the clock). */
  now?: number;
  /** Path → JSON value, for `.inject`. */
  injects?: Record<string, unknown>;
  limits?: RenderLimitOptions;
  /**
   * Keep templates and partials given as text compiled for later renders (default true). Turn it
   * off for one-off sources (integrators' renders), which would only fill the cache.
   */
  cacheCompiled?: boolean;
}

export interface RenderResult {
  html: string;
  errors: TemplateError[];
}

const engine = new RenderEngine({ formatters: FORMATTERS, predicates: PREDICATES });

export function renderTemplate(template: string | CompiledTemplate, data: unknown, options: RenderOptions = {}): RenderResult {
  const cached = options.cacheCompiled ?? true;
  const compile = (source: string, partial?: string) =>
    cached ? sourceCache.get(`${partial ?? ""}\u0000${source}`, source, partial) : compileTemplate(source, partial);
  const compiled = typeof template === "string" ? compile(template) : template;
  const partials = options.partials ?? {};
  const partialNames = new Map<string, string>();
  for (const [name, source] of Object.entries(partials)) if (!partialNames.has(source)) partialNames.set(source, name);
  const limits = options.limits ?? {};
  const ctx = new RenderContext(data, {
    partials,
    injects: options.injects ?? {},
    cldr: options.locale === null ? undefined : cldrFor(options.locale ?? "en"),
    now: options.now,
    // The reference harness and every shared test case run with both enabled (§1, §15).
    enableExpr: true,
    enableInclude: true,
    exprOpts: { maxTokens: limits.maxExpressionTokens, maxStringLen: limits.maxConcatLength },
    timeZone: options.timeZone,
    limits: {
      deadline: limits.timeMs === undefined ? undefined : performance.now() + limits.timeMs,
      timeLabel: limits.timeMs === undefined ? undefined : `${limits.timeMs} ms`,
      maxOutput: limits.maxOutputChars,
    },
  });
  // Partials are parsed by the library on first use in each render; ours come from the cache.
  ctx.parsefunc = (source: string) => {
    const partial = compile(source, partialNames.get(source));
    return { code: partial.code, errors: [...partial.libraryErrors] };
  };
  try {
    engine.execute(compiled.code, ctx);
  } catch (error) {
    if (!(error instanceof RenderStopped)) throw error;
  }
  return { html: ctx.outputSoFar(), errors: [...compiled.errors, ...ctx.errorsWithPositions()] };
}
