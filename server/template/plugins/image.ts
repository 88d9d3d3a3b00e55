// The image template of platform-support.md §5 as the `responsive-image` formatter: an <img> with
// explicit dimensions, a loading priority and, for the store's image loader, a srcset over the image
// widths of §9. The value is an object {src, width, height, alt, priority, loader, srcset, sizes,
// class}; `name:value` (or `name=value`) arguments set or override its keys:
//
//   {item.image|responsive-image sizes:(min-width:800px)50vw,100vw}
//
// Checks, in this order; each failure renders an error comment `<!-- responsive-image: … -->` (and
// records an engine error), and no <img> is rendered:
//   src, width, height are required; width and height are non-negative integers;
//   priority is high, low or null; loader is sqs (the default) or raw;
//   srcset is only given with loader raw; sizes is required with loader sqs.
import { Formatter, Node, Type, type Context, type FormatterTable, type Variable } from "@squarespace/template-engine";
import { escapeHtmlAttributes } from "@squarespace/template-engine/lib/plugins/util.string";

/** The store's image widths (platform-support.md §9). */
export const IMAGE_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500];

const KEYS = ["src", "width", "height", "alt", "priority", "loader", "srcset", "sizes", "class"] as const;
type Key = (typeof KEYS)[number];

function readImage(node: Node, args: string[]): Map<Key, Node> {
  const image = new Map<Key, Node>();
  if (node.type === Type.OBJECT) for (const key of KEYS) if (!node.get(key).isMissing()) image.set(key, node.get(key));
  for (const arg of args) {
    const separator = arg.search(/[:=]/);
    const key = (separator === -1 ? arg : arg.slice(0, separator)) as Key;
    if (separator !== -1 && KEYS.includes(key)) image.set(key, new Node(arg.slice(separator + 1)));
  }
  return image;
}

const present = (node: Node | undefined): node is Node => node !== undefined && !node.isMissing() && !node.isNull();
const text = (node: Node | undefined) => (present(node) ? node.asString() : "");

function dimension(node: Node | undefined): number | null {
  if (!present(node)) return null;
  if (node.type === Type.NUMBER) return Number.isInteger(node.value) && node.value >= 0 ? node.value : NaN;
  return /^\d+$/.test(node.asString()) ? Number(node.asString()) : NaN;
}

/** The failed checks, in order (empty when the image can be rendered). */
export function imageProblems(image: Map<Key, Node>): string[] {
  const problems: string[] = [];
  if (!text(image.get("src"))) problems.push("src is required");
  for (const key of ["width", "height"] as const) {
    const value = dimension(image.get(key));
    if (value === null) problems.push(`${key} is required`);
    else if (Number.isNaN(value)) problems.push(`${key} must be a non-negative integer`);
  }
  const priority = image.get("priority");
  if (present(priority) && !["high", "low", "null"].includes(priority.asString())) problems.push("priority must be high, low or null");
  const loader = present(image.get("loader")) ? text(image.get("loader")) : "sqs";
  if (loader !== "sqs" && loader !== "raw") problems.push("loader must be sqs or raw");
  if (text(image.get("srcset")) && loader !== "raw") problems.push("srcset is only allowed with loader raw");
  if (loader === "sqs" && !text(image.get("sizes"))) problems.push("sizes is required with loader sqs");
  return problems;
}

/** `src?format=100w 100w, …`: every store width up to the first one at least as wide as the image. */
export function storeSrcset(src: string, width: number): string {
  const widths: number[] = [];
  for (const candidate of IMAGE_WIDTHS) {
    widths.push(candidate);
    if (candidate >= width) break;
  }
  const join = src.includes("?") ? "&" : "?";
  return widths.map((candidate) => `${src}${join}format=${candidate}w ${candidate}w`).join(", ");
}

class ResponsiveImageFormatter extends Formatter {
  apply(args: string[], vars: Variable[], ctx: Context): void {
    const first = vars[0];
    const image = readImage(first.node, args);
    const problems = imageProblems(image);
    if (problems.length > 0) {
      for (const problem of problems) ctx.error({ type: "engine", message: `RuntimeError: responsive-image: ${problem}` });
      first.set(problems.map((problem) => `<!-- responsive-image: ${problem} -->`).join("\n"));
      return;
    }
    const src = text(image.get("src"));
    const width = dimension(image.get("width"))!;
    const height = dimension(image.get("height"))!;
    const raw = text(image.get("loader")) === "raw";
    const srcset = raw ? text(image.get("srcset")) : storeSrcset(src, width);
    const sizes = text(image.get("sizes"));
    const priority = text(image.get("priority"));
    const className = text(image.get("class"));
    let tag = `<img src="${escapeHtmlAttributes(src)}"`;
    if (srcset) tag += ` srcset="${escapeHtmlAttributes(srcset)}"`;
    if (sizes) tag += ` sizes="${escapeHtmlAttributes(sizes)}"`;
    tag += ` width="${width}" height="${height}" alt="${escapeHtmlAttributes(text(image.get("alt")))}"`;
    tag += priority === "high" ? ` loading="eager" fetchpriority="high"` : priority === "low" ? ` loading="lazy" fetchpriority="low"` : ` loading="lazy"`;
    tag += ` decoding="async"`;
    if (className) tag += ` class="${escapeHtmlAttributes(className)}"`;
    first.set(`${tag}>`);
  }
}

export const IMAGE_FORMATTERS: FormatterTable = {
  "responsive-image": new ResponsiveImageFormatter(),
};
