// The waitlist sign-up's input rules (see domain/inputs.ts): the widget's email check.
import { z } from "zod";
import { refusal } from "../inputs.ts";
import { restockEmailProblem } from "./restock.ts";

/** 'Email cannot be blank' / 'Email is invalid' (spec §5 Restock), as InvalidInputError. */
export const restockEmailInput = z.unknown().transform((value, ctx) => {
  const problem = restockEmailProblem(value);
  if (problem) ctx.addIssue(refusal(problem));
  return value as string;
});
