// A form's problem as a whole (not one field's), announced to screen readers when it appears.
export function FormProblem({ text }: { text: string | null | undefined }) {
  return text ? (
    <p className="form-problem" role="alert">
      {text}
    </p>
  ) : null;
}
