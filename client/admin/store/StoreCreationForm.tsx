// The site's stores, and a new one (store.create): title, optional navigation title and main-navigation
// link; the server gives the URL id (platform-support §5) and the store's page lists its products.
import { useState, type FormEvent } from "react";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { StoreSettingsScreen_settings$data } from "../../__generated__/StoreSettingsScreen_settings.graphql.ts";
import { useOwnerCreateStoreMutation } from "./OwnerCreateStoreMutation.ts";
import { CheckField, Field, FormNotice, useFormState } from "../../shared/ui/settings-form.tsx";

const t = adminMessages.storeSettings;
type Store = StoreSettingsScreen_settings$data["stores"][number];

export function StoreCreationForm({ stores, canCreate, onCreated }: { stores: readonly Store[]; canCreate: boolean; onCreated?: () => void }) {
  const [title, setTitle] = useState("");
  const [navigationTitle, setNavigationTitle] = useState("");
  const [addToMainNavigation, setAddToMainNavigation] = useState(true);
  const [created, setCreated] = useState<{ urlId: string; title: string }[]>([]);
  const [commit, saving] = useOwnerCreateStoreMutation();
  const state = useFormState("CreateStoreSuccess");
  const all = [
    ...stores,
    ...created.filter((store) => !stores.some((known) => known.urlId === store.urlId)).map((store) => ({ ...store, url: `/${store.urlId}` })),
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    commit({
      variables: { title, navigationTitle: navigationTitle.trim() || null, addToMainNavigation },
      onCompleted: (response) => {
        const answer = response.createStore;
        if (answer.__typename === "CreateStoreSuccess" && answer.collection) {
          const collection = answer.collection;
          state.answer(answer, t.storeCreated(`/${collection.urlId}`));
          setCreated((current) => [...current, { urlId: collection.urlId, title: collection.title }]);
          setTitle("");
          setNavigationTitle("");
          onCreated?.();
        } else {
          state.fail({ title: (answer as { message?: string }).message ?? t.failed }, t.failed);
        }
      },
      onError: state.failure,
    });
  };

  return (
    <section className="card" aria-labelledby="store-stores-heading">
      <h2 id="store-stores-heading">{t.stores}</h2>
      <p>{t.storesIntro}</p>
      <ul className="store-list">
        {all.map((store) => (
          <li key={store.urlId}>
            {store.title}{" "}
            <a href={`/${encodeURIComponent(store.urlId)}`} target="_blank" rel="noreferrer">
              {`/${store.urlId}`}
            </a>
          </li>
        ))}
      </ul>
      {canCreate ? (
        <form ref={state.formRef} onSubmit={submit} noValidate aria-labelledby="store-new-heading" className="subform">
          <h3 id="store-new-heading">{t.storeNew}</h3>
          <FormNotice notice={state.notice} />
          <div className="form-grid">
            <Field id="store-new-title" label={t.storeTitle} hint={t.storeTitleHint} error={state.errors.title}>
              {(props) => <input {...props} value={title} maxLength={200} onChange={(event) => setTitle(event.target.value)} />}
            </Field>
            <Field id="store-new-navigation-title" label={t.storeNavigationTitle}>
              {(props) => <input {...props} value={navigationTitle} maxLength={200} onChange={(event) => setNavigationTitle(event.target.value)} />}
            </Field>
            <CheckField id="store-new-navigation" label={t.storeAddToNavigation} checked={addToMainNavigation} onChange={setAddToMainNavigation} />
          </div>
          <button type="submit" className="button primary" disabled={saving}>
            {saving ? t.saving : t.storeCreate}
          </button>
        </form>
      ) : null}
    </section>
  );
}
