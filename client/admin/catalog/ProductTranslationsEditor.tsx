// The product editor's translations (issue 23 part 6): for each of the site's languages other than the
// default, the product's name, description and option values ("Large" -> "Grand"). It loads its own
// data and saves with setProductTranslation, apart from the product form (no form of its own: it sits
// inside the product's form, so Enter in its fields saves the translation, not the product).
import { Suspense, useState, type KeyboardEvent } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { languageName } from "../../../server/domain/site/visitor-locale.ts";
import type { ProductTranslationsEditorQuery as Query } from "../../__generated__/ProductTranslationsEditorQuery.graphql.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { useSetProductTranslationMutation } from "./SetProductTranslationMutation.ts";

const text = adminMessages.translations;

type Draft = { name: string; description: string; optionValues: Record<string, string> };
const valueKey = (optionName: string, value: string) => JSON.stringify([optionName, value]);

export function ProductTranslationsEditor(props: { productId: string | null | undefined; readOnly: boolean }) {
  return (
    <fieldset className="product-translations">
      <legend>{text.heading}</legend>
      {props.productId ? (
        <Suspense fallback={<p aria-busy="true">{adminMessages.loadingMore}</p>}>
          <TranslationsFields productId={props.productId} readOnly={props.readOnly} />
        </Suspense>
      ) : (
        <p className="field-hint">{text.saveProductFirst}</p>
      )}
    </fieldset>
  );
}

function TranslationsFields({ productId, readOnly }: { productId: string; readOnly: boolean }) {
  const data = useLazyLoadQuery<Query>(
    graphql`
      query ProductTranslationsEditorQuery($id: ID!) {
        multilingual {
          languages {
            code
            isDefault
          }
        }
        ownerProduct(id: $id) {
          id
          name
          description
          variantOptions {
            name
            values
          }
          translations {
            locale
            name
            description
            optionValues {
              optionName
              value
              translation
            }
          }
        }
      }
    `,
    { id: productId },
    { fetchPolicy: "store-and-network" },
  );
  const locales = data.multilingual.languages.filter((language) => !language.isDefault).map((language) => language.code);
  const product = data.ownerProduct;
  const [locale, setLocale] = useState(locales[0] ?? "");
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);
  const [commit, saving] = useSetProductTranslationMutation();
  if (!product) return null;
  if (locales.length === 0) {
    return (
      <p>
        {text.noLanguages} <a href="/config/site/languages">{text.languagesLink}</a>
      </p>
    );
  }

  const saved = (product.translations ?? []).find((translation) => translation.locale === locale);
  const draft: Draft = drafts[locale] ?? {
    name: saved?.name ?? "",
    description: saved?.description ?? "",
    optionValues: Object.fromEntries((saved?.optionValues ?? []).map((row) => [valueKey(row.optionName, row.value), row.translation])),
  };
  const change = (patch: Partial<Draft>) => setDrafts((current) => ({ ...current, [locale]: { ...draft, ...patch } }));
  const options = product.variantOptions.filter((option) => option.values.length > 0);
  const name = languageName(locale);

  function save() {
    commit({
      variables: {
        productId,
        locale,
        name: draft.name,
        description: draft.description,
        optionValues: options.flatMap((option) =>
          option.values.map((value) => ({ optionName: option.name, value, translation: draft.optionValues[valueKey(option.name, value)] ?? "" })),
        ),
      },
      onCompleted: ({ setProductTranslation: result }) => {
        if (result.__typename === "SetProductTranslationSuccess") {
          setDrafts(({ [locale]: _saved, ...rest }) => rest);
          setNotice({ error: false, text: draft.name.trim() ? text.saved(name) : text.removed(name) });
        } else setNotice({ error: true, text: errorMessage(result as { message?: string }) });
      },
      onError: (error) => setNotice({ error: true, text: describeFailure(error) }),
    });
  }
  const saveOnEnter = (event: KeyboardEvent) => {
    if (event.key !== "Enter" || event.target instanceof HTMLTextAreaElement) return;
    event.preventDefault();
    if (!readOnly) save();
  };
  const id = (field: string) => `translation-${field}`;

  return (
    <div onKeyDown={saveOnEnter}>
      <p className="field-hint">{text.intro}</p>
      {notice ? (
        <p className={`notice ${notice.error ? "error" : "success"}`} role={notice.error ? "alert" : "status"}>
          {notice.text}
        </p>
      ) : null}
      {locales.length > 1 ? (
        <div className="field">
          <label htmlFor={id("locale")}>{text.languageLabel}</label>
          <select id={id("locale")} value={locale} onChange={(event) => setLocale(event.target.value)}>
            {locales.map((code) => (
              <option key={code} value={code}>
                {languageName(code)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor={id("name")}>{`${text.nameLabel} (${name})`}</label>
        <input
          id={id("name")}
          value={draft.name}
          placeholder={product.name}
          disabled={readOnly}
          lang={locale}
          onChange={(event) => change({ name: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={id("description")}>{`${text.descriptionLabel} (${name})`}</label>
        <textarea
          id={id("description")}
          rows={4}
          value={draft.description}
          placeholder={product.description}
          disabled={readOnly}
          lang={locale}
          onChange={(event) => change({ description: event.target.value })}
        />
      </div>
      {options.length > 0 ? (
        <fieldset className="translation-option-values">
          <legend>{text.optionValuesHeading}</legend>
          {options.flatMap((option) =>
            option.values.map((value, index) => {
              const key = valueKey(option.name, value);
              const fieldId = id(`option-${option.name}-${index}`).replace(/\s+/g, "-");
              return (
                <div className="field" key={key}>
                  <label htmlFor={fieldId}>{text.optionValueLabel(option.name, value)}</label>
                  <input
                    id={fieldId}
                    value={draft.optionValues[key] ?? ""}
                    placeholder={value}
                    disabled={readOnly}
                    lang={locale}
                    onChange={(event) => change({ optionValues: { ...draft.optionValues, [key]: event.target.value } })}
                  />
                </div>
              );
            }),
          )}
        </fieldset>
      ) : null}
      {readOnly ? null : (
        <button type="button" className="button primary" disabled={saving} aria-busy={saving} onClick={save}>
          {saving ? text.saving : text.save}
        </button>
      )}
    </div>
  );
}
