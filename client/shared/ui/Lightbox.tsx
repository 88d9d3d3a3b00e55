// A modal lightbox over the page (spec §2): open or closed; focus moves into it and back, Escape and
// the close button close it; on resize (debounced 100 ms) content taller than the window gets an
// extra top margin of 50 instead of being centred (spec §9).
import { useEffect, useRef, useState, type ReactNode } from "react";
import { messages } from "../../../server/domain/messages/storefront.ts";

export const RESIZE_DEBOUNCE_MS = 100;
export const TALL_CONTENT_TOP_MARGIN = 50;

export function Lightbox({ open, title, onClose, children }: { open: boolean; title: string; onClose(): void; children: ReactNode }) {
  const panel = useRef<HTMLDivElement>(null);
  const [tall, setTall] = useState(false);

  useEffect(() => {
    if (!open) return;
    const returnFocusTo = document.activeElement as HTMLElement | null;
    const measure = () => setTall((panel.current?.scrollHeight ?? 0) > window.innerHeight);
    measure();
    panel.current?.querySelector<HTMLElement>("input, textarea, select, button")?.focus();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(measure, RESIZE_DEBOUNCE_MS);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("resize", onResize);
    document.addEventListener("keydown", onKey);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("resize", onResize);
      document.removeEventListener("keydown", onKey);
      returnFocusTo?.focus?.();
    };
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div className="lightbox-overlay" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={panel}
        className={`lightbox${tall ? " lightbox-tall" : ""}`}
        style={tall ? { marginTop: TALL_CONTENT_TOP_MARGIN } : undefined}
        role="dialog"
        aria-modal="true"
        aria-label={title}
      >
        <button type="button" className="lightbox-close" aria-label={messages.close} onClick={onClose}>
          ×
        </button>
        {children}
      </div>
    </div>
  );
}
