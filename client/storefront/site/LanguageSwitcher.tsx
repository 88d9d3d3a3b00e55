// The header's language switcher (issue 12 item 4): the site's languages (the owner's multilingual
// settings). Choosing a standard language saves it with POST /api/site-users/account/locale (the
// sc_locale cookie, and the member's account); a custom language is kept in the page's cookie only
// (platform-support §6). Then the page reloads in that language (the server renders names, money
// and <html lang> for it; client/shared/i18n/catalogue.ts loads its texts).
import { useId, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { messages } from "../../../server/domain/messages/storefront.ts";
import type { LanguageSwitcherQuery } from "../../__generated__/LanguageSwitcherQuery.graphql";
import { postJson } from "../../shared/relay/rest.ts";

/** Reloads the page without a `?lang=` that would override the new choice. */
function reloadInLanguage() {
  const url = new URL(window.location.href);
  url.searchParams.delete("lang");
  window.location.assign(url.toString());
}

/** POST /api/site-users/account/locale, once more after a crumbFail (the answer brings a fresh crumb). */
async function saveLanguage(language: string) {
  const answer = await postJson<{ crumbFail?: boolean }>("/api/site-users/account/locale", { language });
  if (answer.status === 403 && answer.body?.crumbFail) await postJson("/api/site-users/account/locale", { language });
}

export function LanguageSwitcher({ onChosen = reloadInLanguage }: { onChosen?: () => void }) {
  const data = useLazyLoadQuery<LanguageSwitcherQuery>(
    graphql`
      query LanguageSwitcherQuery {
        siteLanguages {
          current
          languages {
            code
            name
            custom
          }
        }
      }
    `,
    {},
  );
  const id = useId();
  const [pending, setPending] = useState(false);
  const { languages, current } = data.siteLanguages;
  if (languages.length < 2) return null;
  async function choose(code: string) {
    const language = languages.find((candidate) => candidate.code === code);
    if (!language || code === current) return;
    setPending(true);
    if (language.custom) document.cookie = `sc_locale=${encodeURIComponent(code)}; Path=/; Max-Age=31536000; SameSite=Lax`;
    else await saveLanguage(code).catch(() => null);
    onChosen();
  }
  return (
    <span className="language-switcher">
      <label htmlFor={id}>{messages.language}</label>
      <select id={id} value={current} disabled={pending} onChange={(event) => void choose(event.target.value)}>
        {languages.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </span>
  );
}
