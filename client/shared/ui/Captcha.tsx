// reCAPTCHA (spec §5): rendered only when the site has a site key; compact when its container is
// narrower than 320 px; reset after a failed submission. The provider's script loads on first use.
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from "react";
import { ownerMessages } from "../../../server/domain/messages/owner.ts";

export const COMPACT_BELOW_PX = 320;

interface ReCaptcha {
  render(
    container: HTMLElement,
    options: { sitekey: string; size: "normal" | "compact"; theme: "light" | "dark"; callback(token: string): void; "expired-callback"(): void },
  ): number;
  reset(widgetId?: number): void;
}
declare global {
  interface Window {
    grecaptcha?: ReCaptcha;
  }
}

let script: Promise<ReCaptcha> | null = null;
function loadReCaptcha(): Promise<ReCaptcha> {
  if (window.grecaptcha) return Promise.resolve(window.grecaptcha);
  script ??= new Promise((resolve, reject) => {
    const tag = document.createElement("script");
    tag.src = "https://www.google.com/recaptcha/api.js?render=explicit";
    tag.async = true;
    tag.onload = () => (window.grecaptcha ? resolve(window.grecaptcha) : reject(new Error(ownerMessages.recaptchaNotSetUp)));
    tag.onerror = () => reject(new Error(ownerMessages.recaptchaNotSetUp));
    document.head.appendChild(tag);
  });
  return script;
}

export interface CaptchaHandle {
  /** The token of a completed captcha, or null. */
  token(): string | null;
  reset(): void;
}

export const Captcha = forwardRef<CaptchaHandle, { siteKey: string }>(function Captcha({ siteKey }, ref) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: ReCaptcha; id: number } | null>(null);
  const [token, setToken] = useState<string | null>(null);
  useImperativeHandle(ref, () => ({
    token: () => token,
    reset: () => {
      setToken(null);
      if (widget.current) widget.current.api.reset(widget.current.id);
    },
  }));
  useEffect(() => {
    let cancelled = false;
    loadReCaptcha()
      .then((api) => {
        if (cancelled || !container.current) return;
        const size = container.current.clientWidth < COMPACT_BELOW_PX ? "compact" : "normal";
        const id = api.render(container.current, { sitekey: siteKey, size, theme: "light", callback: setToken, "expired-callback": () => setToken(null) });
        widget.current = { api, id };
      })
      .catch((error) => console.log("Error rendering captcha into node", error));
    return () => {
      cancelled = true;
    };
  }, [siteKey]);
  return <div ref={container} className="captcha" />;
});
