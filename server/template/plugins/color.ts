// The colour checks of `website-color` (template-language.md §12.2, platform-support.md §5), with
// their exact messages. The library's formatter has the messages but lets two bad inputs through:
// a null H/S/L reads as 0 (a valid colour), and a value that is not a number (NaN) is within no
// bounds yet passes them, printing "hsl(NaN, …)". Here null counts as missing and a non-number as
// out of bounds; everything else is the library's behaviour.
import { Formatter, Type, type Context, type FormatterTable, type Node, type Variable } from "@squarespace/template-engine";

const MISSING = "Missing an H/S/L value.";

/** Rounded to 2 decimals without trailing zeros, as the reference prints them. */
const rounded = (value: number) => parseFloat(value.toFixed(2));

const number = (node: Node) => (node.type === Type.NUMBER || node.type === Type.STRING || node.type === Type.BOOLEAN ? node.asNumber() : NaN);
const absent = (node: Node) => node.isMissing() || node.isNull();
const within = (value: number, low: number, high: number) => value >= low && value <= high;

class WebsiteColorFormatter extends Formatter {
  apply(_args: string[], vars: Variable[], _ctx: Context): void {
    const first = vars[0];
    const color = first.node;
    const [hueNode, saturationNode, lightnessNode, alphaNode] = ["hue", "saturation", "lightness", "alpha"].map((key) => color.get(key));
    if (absent(hueNode) || absent(saturationNode) || absent(lightnessNode)) {
      first.set(MISSING);
      return;
    }
    const hue = number(hueNode);
    const saturation = number(saturationNode);
    const lightness = number(lightnessNode);
    const alpha = absent(alphaNode) ? null : number(alphaNode);
    let problems = "";
    if (!within(hue, 0, 360)) problems += "Hue out of bounds. ";
    if (!within(saturation, 0, 1)) problems += "Saturation out of bounds. ";
    if (!within(lightness, 0, 1)) problems += "Lightness out of bounds. ";
    if (alpha !== null && !within(alpha, 0, 1)) problems += "Alpha out of bounds.";
    if (problems) {
      first.set(problems);
      return;
    }
    const hsl = `${rounded(hue)}, ${rounded(saturation * 100)}%, ${rounded(lightness * 100)}%`;
    first.set(alpha === null ? `hsl(${hsl})` : `hsla(${hsl}, ${rounded(alpha)})`);
  }
}

export const COLOR_FORMATTERS: FormatterTable = {
  "website-color": new WebsiteColorFormatter(),
};
