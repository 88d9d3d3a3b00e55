// The `unit` formatter, which the reference engine only stubs (template-language.md §12.7), after the
// Java engine's: a quantity with a unit, formatted by CLDR for the render's locale, optionally
// converted first. Arguments are `name:value` pairs:
//
//   in:UNIT            the unit of the value (not needed when the value is an object {value, unit})
//   out:UNIT           convert to this unit before formatting
//   sequence:U1,U2...  split into a mixed quantity, largest unit first ("5 feet, 11 inches")
//   length:L           long (the CLDR default), short or narrow
//   plus the number options of §12.5.1 (maxfrac:, minfrac:, group...)
//
// Units are CLDR's names (meter, kilogram, fluid-ounce...). Conversion knows length, mass, volume
// and temperature with exact factors. Without a locale the result is "" as for every CLDR
// formatter; an unknown unit or an impossible conversion records an engine error and prints "".
import { Formatter, Type, type Context, type FormatterTable, type Variable } from "@squarespace/template-engine";
import { decimalOptions } from "@squarespace/template-engine/lib/plugins/options";
import { parseDecimal } from "@squarespace/template-engine/lib/plugins/util.i18n";
import { Decimal, type Quantity, type UnitFormatOptions, type UnitLength, type UnitType } from "@phensley/cldr";

interface Linear {
  dimension: string;
  /** Size of one unit in the dimension's base unit (meter, kilogram, liter). */
  factor: string;
}

// Exact definitions: the international inch (0.0254 m), the avoirdupois pound (0.45359237 kg), the
// US gallon (231 cubic inches = 3.785411784 l), the imperial gallon (4.54609 l).
const LINEAR: Record<string, Linear> = {
  millimeter: { dimension: "length", factor: "0.001" },
  centimeter: { dimension: "length", factor: "0.01" },
  meter: { dimension: "length", factor: "1" },
  kilometer: { dimension: "length", factor: "1000" },
  inch: { dimension: "length", factor: "0.0254" },
  foot: { dimension: "length", factor: "0.3048" },
  yard: { dimension: "length", factor: "0.9144" },
  mile: { dimension: "length", factor: "1609.344" },
  milligram: { dimension: "mass", factor: "0.000001" },
  gram: { dimension: "mass", factor: "0.001" },
  kilogram: { dimension: "mass", factor: "1" },
  ounce: { dimension: "mass", factor: "0.028349523125" },
  pound: { dimension: "mass", factor: "0.45359237" },
  stone: { dimension: "mass", factor: "6.35029318" },
  milliliter: { dimension: "volume", factor: "0.001" },
  centiliter: { dimension: "volume", factor: "0.01" },
  deciliter: { dimension: "volume", factor: "0.1" },
  liter: { dimension: "volume", factor: "1" },
  "fluid-ounce": { dimension: "volume", factor: "0.0295735295625" },
  cup: { dimension: "volume", factor: "0.2365882365" },
  pint: { dimension: "volume", factor: "0.473176473" },
  quart: { dimension: "volume", factor: "0.946352946" },
  gallon: { dimension: "volume", factor: "3.785411784" },
  "gallon-imperial": { dimension: "volume", factor: "4.54609" },
};

const TEMPERATURES = ["celsius", "fahrenheit", "kelvin"];
const PRECISION = { scale: 12 };

function toCelsius(value: Decimal, unit: string): Decimal {
  if (unit === "fahrenheit") return value.subtract(32).multiply(5).divide(9, PRECISION);
  if (unit === "kelvin") return value.subtract("273.15");
  return value;
}

function fromCelsius(value: Decimal, unit: string): Decimal {
  if (unit === "fahrenheit") return value.multiply(9).divide(5, PRECISION).add(32);
  if (unit === "kelvin") return value.add("273.15");
  return value;
}

class ConversionError extends Error {}

function convert(value: Decimal, from: string, to: string): Decimal {
  if (from === to) return value;
  if (TEMPERATURES.includes(from) && TEMPERATURES.includes(to)) return fromCelsius(toCelsius(value, from), to);
  const source = LINEAR[from];
  const target = LINEAR[to];
  if (!source || !target || source.dimension !== target.dimension) throw new ConversionError(`unit: cannot convert ${from} to ${to}`);
  return value.multiply(source.factor).divide(target.factor, PRECISION).stripTrailingZeros();
}

/** Splits a value into whole units of all but the last unit, largest first. */
function sequence(value: Decimal, from: string, units: string[]): Quantity[] {
  const negative = value.signum() < 0;
  let rest = convert(value.abs(), from, units[units.length - 1]);
  const smallest = units[units.length - 1];
  const quantities: Quantity[] = [];
  for (const unit of units.slice(0, -1)) {
    const size = convert(new Decimal(1), unit, smallest);
    const whole = rest.divide(size, PRECISION).setScale(0, "floor");
    rest = rest.subtract(whole.multiply(size));
    if (!whole.isZero() || quantities.length > 0) quantities.push({ value: whole, unit: unit as UnitType });
  }
  quantities.push({ value: rest.stripTrailingZeros(), unit: smallest as UnitType });
  if (negative) quantities[0] = { ...quantities[0], value: (quantities[0].value as Decimal).negate() };
  return quantities;
}

const LENGTHS: UnitLength[] = ["long", "short", "narrow"];

class UnitFormatter extends Formatter {
  apply(args: string[], vars: Variable[], ctx: Context): void {
    const first = vars[0];
    const cldr = ctx.cldr;
    const named = new Map<string, string>();
    const numberArgs: string[] = [];
    for (const arg of args) {
      const colon = arg.indexOf(":");
      const name = colon === -1 ? arg : arg.slice(0, colon);
      if (["in", "out", "sequence", "length"].includes(name)) named.set(name, arg.slice(colon + 1));
      else numberArgs.push(arg);
    }
    const node = first.node;
    const valueNode = node.type === Type.OBJECT ? node.get("value") : node;
    const inUnit = node.type === Type.OBJECT && !named.has("in") ? node.get("unit").asString() : (named.get("in") ?? "");
    const value = valueNode.type === Type.NUMBER || valueNode.type === Type.STRING ? parseDecimal(valueNode.asString()) : undefined;
    if (!cldr || value === undefined) {
      first.set("");
      return;
    }
    const known = new Set<string>(cldr.Units.availableUnits());
    const outUnits = named.has("sequence") ? (named.get("sequence") ?? "").split(",") : [named.get("out") || inUnit];
    for (const unit of [inUnit, ...outUnits]) {
      if (!known.has(unit)) {
        ctx.error({ type: "engine", message: `RuntimeError: unit: unknown unit "${unit}"` });
        first.set("");
        return;
      }
    }
    const length = named.get("length") as UnitLength | undefined;
    const options: UnitFormatOptions = { ...decimalOptions(numberArgs), ...(length && LENGTHS.includes(length) ? { length } : {}) } as UnitFormatOptions;
    try {
      first.set(
        outUnits.length > 1
          ? cldr.Units.formatQuantitySequence(sequence(value, inUnit, outUnits), options)
          : cldr.Units.formatQuantity({ value: convert(value, inUnit, outUnits[0]), unit: outUnits[0] as UnitType }, options),
      );
    } catch (error) {
      if (!(error instanceof ConversionError)) throw error;
      ctx.error({ type: "engine", message: `RuntimeError: ${error.message}` });
      first.set("");
    }
  }
}

export const UNIT_FORMATTERS: FormatterTable = {
  unit: new UnitFormatter(),
};
