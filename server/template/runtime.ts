// What we add around @squarespace/template-engine's parser, assembler and engine (none of it changes
// the language): source positions for every error, recovery from a formatter that throws half-way, and
// the size and time limits of untrusted renders. The library's errors carry no position (its own
// TODO); we note the offset of the tag being parsed when the parser or the assembler reports one, and
// remember each instruction's offset so that a runtime error points at the tag that was executing.
import {
  Assembler,
  BaseInstruction,
  Context,
  Engine,
  MatcherImpl,
  Node,
  Opcode,
  Parser,
  type Code,
  type ContextProps,
  type FormatterMap,
  type Instruction,
  type PredicateMap,
  type RootCode,
  type TemplateError as LibraryError,
} from "@squarespace/template-engine";
import { unexpectedError } from "@squarespace/template-engine/lib/errors";
import { ownerMessages } from "../domain/messages/owner.ts";
import { nameOfOpcode } from "@squarespace/template-engine/lib/opcodes";

export type ErrorKind = "parser" | "assembler" | "engine";

export interface TemplateError {
  kind: ErrorKind;
  /** The reference engine's message, without its `SyntaxError: ` / `RuntimeError: ` prefix. */
  message: string;
  /** 1-based line and column of the tag the error is about, when known. */
  line?: number;
  column?: number;
  /** The partial the position is in; absent for the template itself. */
  partial?: string;
}

/** Where an instruction came from: its template (source and partial name) and its offset. */
interface Origin {
  source: string;
  partial: string | undefined;
  offset: number;
}

const origins = new WeakMap<object, Origin>();

export function positionOf(source: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = source.indexOf("\n"); index !== -1 && index < offset; index = source.indexOf("\n", index + 1)) {
    line++;
    lineStart = index + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

function toError(error: LibraryError, origin: Origin | undefined): TemplateError {
  const message = error.message.replace(/^(SyntaxError|RuntimeError): /, "");
  const result: TemplateError = { kind: error.type, message };
  if (origin) {
    Object.assign(result, positionOf(origin.source, origin.offset));
    if (origin.partial !== undefined) result.partial = origin.partial;
  }
  return result;
}

/** Knows which tag the parser is on, for the errors reported while it is there. */
class TagTracker {
  offset = 0;
  constructor(
    readonly source: string,
    readonly partial: string | undefined,
  ) {}
  origin(offset = this.offset): Origin {
    return { source: this.source, partial: this.partial, offset };
  }
}

class PositionedParser extends Parser {
  constructor(
    source: string,
    assembler: Assembler,
    formatters: FormatterMap,
    predicates: PredicateMap,
    private readonly tracker: TagTracker,
  ) {
    super(source, assembler, new MatcherImpl(""), formatters, predicates);
  }

  override parseTag(start: number, end: number): boolean {
    this.tracker.offset = start - 1; // the opening brace
    return super.parseTag(start, end);
  }

  override flushText(start: number, end: number): void {
    this.tracker.offset = start;
    super.flushText(start, end);
  }

  override push(inst: Instruction | Opcode): void {
    // The end-of-template marker is pushed after the last tag: errors it causes point at the end.
    if (inst === Opcode.EOF) this.tracker.offset = this.tracker.source.length;
    super.push(inst);
  }
}

class PositionedAssembler extends Assembler {
  readonly located: { error: LibraryError; origin: Origin }[] = [];

  constructor(private readonly tracker: TagTracker) {
    super();
  }

  override accept(inst: Instruction): void {
    if (inst instanceof BaseInstruction && typeof inst.code === "object") origins.set(inst.code, this.tracker.origin());
    super.accept(inst);
  }

  override error(error: LibraryError): void {
    super.error(error);
    // An unclosed block is reported at the end of the template; its opening tag is more useful.
    const open = (this as unknown as { current?: Instruction }).current;
    const blockOrigin =
      error.message.includes("Reached EOF in the middle of") && open instanceof BaseInstruction && typeof open.code === "object"
        ? origins.get(open.code)
        : undefined;
    this.located.push({ error, origin: blockOrigin ?? this.tracker.origin() });
  }
}

export interface ParseOutput {
  code: RootCode;
  errors: TemplateError[];
  /** The library's own error objects, as its partial loader expects them. */
  libraryErrors: LibraryError[];
}

export function parseSource(source: string, formatters: FormatterMap, predicates: PredicateMap, partial?: string): ParseOutput {
  const tracker = new TagTracker(source, partial);
  const assembler = new PositionedAssembler(tracker);
  new PositionedParser(source, assembler, formatters, predicates, tracker).parse();
  return {
    code: assembler.code() as RootCode,
    errors: assembler.located.map(({ error, origin }) => toError(error, origin)),
    libraryErrors: assembler.errors,
  };
}

/** Thrown through the engine to stop a render that ran out of time or output. */
export class RenderStopped extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RenderStopped";
  }
}

export interface RenderLimits {
  /** Wall-clock deadline (performance.now() value); checked between instructions. */
  deadline?: number;
  /** Characters of output (counted as appended, nested renders included). */
  maxOutput?: number;
  /** Describes the limit in the error message, e.g. "100 ms". */
  timeLabel?: string;
}

export interface RenderContextProps extends ContextProps {
  /** The zone used when the data names none at website.timeZone (the library's default is New York). */
  timeZone?: string;
  limits?: RenderLimits;
}

/**
 * One execution's state. Adds to the library's Context: an instruction stack for error positions,
 * a mark so that a failing instruction leaves the frame stack as it was (the library leaves the
 * frame of a variable whose formatter threw, and later tags resolve from it), the nested output
 * buffers (to return the output so far when a limit stops the render inside a partial), the
 * caller's default time zone, and the limits.
 */
export class RenderContext extends Context {
  readonly located: { error: LibraryError; origin: Origin | undefined }[] = [];
  readonly executing: Code[] = [];
  readonly savedBuffers: string[] = [];
  readonly limits: RenderLimits;
  output = 0;
  steps = 0;
  private readonly defaultTimeZone: Node | null;

  constructor(data: unknown, props: RenderContextProps) {
    super(data, props);
    this.limits = props.limits ?? {};
    this.defaultTimeZone = props.timeZone ? new Node(props.timeZone) : null;
  }

  override error(error: LibraryError): void {
    super.error(error);
    let origin: Origin | undefined;
    for (let i = this.executing.length - 1; i >= 0 && !origin; i--) {
      const inst = this.executing[i];
      if (typeof inst === "object") origin = origins.get(inst);
    }
    this.located.push({ error, origin });
  }

  override append(text: string): void {
    if (this.limits.maxOutput !== undefined) {
      this.output += String(text).length;
      if (this.output > this.limits.maxOutput) this.stop(ownerMessages.renderingTooLong(this.limits.maxOutput));
    }
    super.append(text);
  }

  override swapBuffer(): string {
    const old = super.swapBuffer();
    this.savedBuffers.push(old);
    return old;
  }

  override restoreBuffer(old: string): void {
    this.savedBuffers.pop();
    super.restoreBuffer(old);
  }

  override resolve(names: (string | number)[]): Node {
    const node = super.resolve(names);
    if (this.defaultTimeZone && node.isMissing() && names.length === 2 && names[0] === "website" && names[1] === "timeZone") {
      return this.defaultTimeZone;
    }
    return node;
  }

  /** Records why the render stops (at the executing tag) and unwinds the engine. */
  stop(message: string): never {
    this.error({ type: "engine", message });
    throw new RenderStopped(message);
  }

  /** The output so far, whichever nested buffer the render stopped in. */
  outputSoFar(): string {
    return this.savedBuffers.length > 0 ? this.savedBuffers[0] : this.render();
  }

  /** The depth of the frame stack, to return to when an instruction fails. */
  mark(): number {
    return this.stack.length;
  }

  /** Drops the frames a failed instruction pushed and could not pop (a variable's, a section's). */
  undo(frames: number): void {
    this.stack.length = Math.max(1, Math.min(this.stack.length, frames));
  }

  errorsWithPositions(): TemplateError[] {
    return this.located.map(({ error, origin }) => toError(error, origin));
  }
}

/** How often (in instructions) the clock is read against the deadline. */
const CLOCK_EVERY = 64;

/**
 * The library's engine with a block loop that records the executing instruction, recovers from a
 * throwing instruction (dropping the frames it left), and stops at the limits.
 */
export class RenderEngine extends Engine {
  override executeBlock(block: Code[], ctx: Context): void {
    if (!Array.isArray(block)) return;
    const render = ctx as RenderContext;
    for (let i = 0; i < block.length; i++) {
      const inst = block[i];
      const opcode = typeof inst === "number" ? inst : inst[0];
      const impl = this.impls[opcode];
      if (!impl) continue;
      const mark = render.mark();
      render.executing.push(inst);
      try {
        if (render.limits.deadline !== undefined && ++render.steps % CLOCK_EVERY === 0 && performance.now() > render.limits.deadline) {
          render.stop(ownerMessages.renderingTooSlow(render.limits.timeLabel ?? ownerMessages.renderingTimeLimit));
        }
        impl.call(this, inst, ctx);
      } catch (error) {
        if (error instanceof RenderStopped) throw error;
        render.undo(mark);
        if (error instanceof Error) ctx.error(unexpectedError(error.name, nameOfOpcode(opcode), error.message));
      } finally {
        render.executing.pop();
      }
    }
  }
}
