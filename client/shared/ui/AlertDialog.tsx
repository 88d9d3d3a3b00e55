// The alert that a refused or failed action opens (spec §8): a title, the message, and OK. The
// product page and the cart page each have one, told apart by `idPrefix` (the ids label the dialog).
import { messages } from "../../../server/domain/messages/storefront.ts";

export interface Problem {
  title: string;
  message: string;
}

export function AlertDialog({ idPrefix, problem, onClose }: { idPrefix: string; problem: Problem; onClose(): void }) {
  const titleId = `${idPrefix}-alert-title`;
  const messageId = `${idPrefix}-alert-message`;
  return (
    <div className="alert" role="alertdialog" aria-labelledby={titleId} aria-describedby={messageId}>
      <p id={titleId} className="alert-title">
        {problem.title}
      </p>
      <p id={messageId}>{problem.message}</p>
      <button type="button" onClick={onClose}>
        {messages.ok}
      </button>
    </div>
  );
}
