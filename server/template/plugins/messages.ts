// The `message` and `plural` formatters (template-language.md §12.5) with the library errors of
// platform-support §8 that the library's own formatter lets through silently (it stops reading a
// plural at a bad key, and subtracts an offset from a non-number as if it were 0):
//   - an invalid plural key: plural messages accept only zero, one, two, few, many, other and =N;
//   - a non-numeric argument with an offset.
// Each records an engine error; the message is still formatted as the library does.
import { Formatter, Formatters, type Context, type FormatterTable, type Variable } from "@squarespace/template-engine";
import { splitVariable } from "@squarespace/template-engine/lib/util";

const PLURAL_KEY = /^(zero|one|two|few|many|other|=\d+(\.\d+)?)$/;

export interface PluralBlock {
  /** The argument: a position (0, 1...) or a keyword name. */
  argument: string;
  offset: number;
  keys: string[];
}

/** The index just past the `}` closing the `{` at `open`, or the string's length. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    if (text[index] === "{") depth++;
    else if (text[index] === "}" && --depth === 0) return index + 1;
  }
  return text.length;
}

/** Every plural (and selectordinal) block of an ICU-style message, nested ones too. */
export function pluralBlocks(message: string): PluralBlock[] {
  const blocks: PluralBlock[] = [];
  const head = /\{\s*([\w.-]+)\s*,?\s*(?:plural|selectordinal)\s*,?\s*(?:offset\s*:\s*(-?\d+)\s*)?/g;
  for (let match = head.exec(message); match; match = head.exec(message)) {
    const keys: string[] = [];
    let index = head.lastIndex;
    for (;;) {
      while (/\s|,/.test(message[index] ?? "")) index++;
      if (index >= message.length || message[index] === "}") break;
      const key = /^[^\s{}]+/.exec(message.slice(index))?.[0] ?? "";
      keys.push(key);
      index += key.length;
      while (/\s/.test(message[index] ?? "")) index++;
      if (message[index] !== "{") break;
      index = closingBrace(message, index);
    }
    blocks.push({ argument: match[1], offset: Number(match[2] ?? 0), keys });
  }
  return blocks;
}

/** The formatter's arguments as the library resolves them: by position, and by keyword (k=v or k:v). */
function resolvedArguments(args: string[], ctx: Context): { positional: unknown[]; keyword: Record<string, unknown> } {
  const positional: unknown[] = [];
  const keyword: Record<string, unknown> = {};
  const frame = ctx.frame().parent ?? ctx.frame();
  for (const arg of args) {
    const delimiter = arg.search(/[:=]/);
    const node = ctx.resolveFrom(splitVariable(delimiter === -1 ? arg : arg.slice(delimiter + 1)), frame);
    if (delimiter !== -1) keyword[arg.slice(0, delimiter)] = node;
    positional.push(node);
  }
  return { positional, keyword };
}

const isNumeric = (node: unknown): boolean => {
  const value = (node as { value?: unknown } | undefined)?.value;
  if (typeof value === "number") return Number.isFinite(value);
  return typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value));
};

class CheckedMessageFormatter extends Formatter {
  constructor(
    private readonly name: string,
    private readonly inner: Formatter,
  ) {
    super();
  }

  apply(args: string[], vars: Variable[], ctx: Context): void {
    const message = vars[0].node.asString();
    if (ctx.cldr && message.includes("{")) {
      const resolved = resolvedArguments(args, ctx);
      for (const block of pluralBlocks(message)) {
        for (const key of block.keys) {
          if (!PLURAL_KEY.test(key)) ctx.error({ type: "engine", message: `RuntimeError: ${this.name}: invalid plural key "${key}"` });
        }
        if (block.offset !== 0) {
          const node = /^\d+$/.test(block.argument) ? resolved.positional[Number(block.argument)] : resolved.keyword[block.argument];
          if (!isNumeric(node))
            ctx.error({ type: "engine", message: `RuntimeError: ${this.name}: the argument ${block.argument} of a plural with an offset is not a number` });
        }
      }
    }
    this.inner.apply(args, vars, ctx);
  }
}

export const MESSAGE_FORMATTERS: FormatterTable = {
  message: new CheckedMessageFormatter("message", Formatters.message),
  plural: new CheckedMessageFormatter("plural", Formatters.plural),
};
