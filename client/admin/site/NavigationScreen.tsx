// The site's navigations (issue 10 §1, platform-support §3 "Navigation update"): the main one (the
// header), the secondary one (the footer), `_hidden` and `_memberareas`. Each link goes to a
// collection, an address or a member area; a folder holds nested links, three levels at most. A save
// replaces the chosen navigation's items and shows on the next page of the store.
import { useRef, useState, type FormEvent } from "react";
import { graphql, usePreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { MAX_NAVIGATION_DEPTH, NAVIGATION_NAMES } from "../../../server/domain/site/navigation.ts";
import type { NavigationScreenQuery as Query, NavigationScreenQuery$data } from "../../__generated__/NavigationScreenQuery.graphql.ts";
import type { NavigationScreenSaveMutation } from "../../__generated__/NavigationScreenSaveMutation.graphql.ts";
import { describeFailure, errorMessage } from "../../shared/relay/errors.ts";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";
import type { ScreenProps } from "../../shared/router/Router.tsx";
import { useConfirm } from "../../shared/ui/ConfirmDialog.tsx";
import { useCan } from "../../shared/admin/viewer.ts";
import { SaveNoticeLines, SiteScreenHeading, type SaveNotice } from "./SiteScreenParts.tsx";
import "../../shared/ui/admin-forms.css";

const text = adminMessages.site;
type Kind = "collection" | "link" | "memberArea" | "folder";
const KINDS: Kind[] = ["collection", "link", "memberArea", "folder"];

interface Item {
  key: number;
  title: string;
  kind: Kind;
  collectionId: string;
  link: string;
  memberAreaId: string;
  items: Item[];
}

interface LinkData {
  readonly title: string;
  readonly collectionId: number | null | undefined;
  readonly externalLink: string | null | undefined;
  readonly memberAreaId: string | null | undefined;
  readonly links?: readonly LinkData[];
}

let nextKey = 1;
const newItem = (): Item => ({ key: nextKey++, title: "", kind: "link", collectionId: "", link: "", memberAreaId: "", items: [] });

function toItems(links: readonly LinkData[]): Item[] {
  return links.map((link) => ({
    key: nextKey++,
    title: link.title,
    kind: link.collectionId != null ? "collection" : link.externalLink ? "link" : link.memberAreaId ? "memberArea" : "folder",
    collectionId: link.collectionId != null ? String(link.collectionId) : "",
    link: link.externalLink ?? "",
    memberAreaId: link.memberAreaId ?? "",
    items: toItems(link.links ?? []),
  }));
}

type ItemInput = { title: string; collectionId: number | null; externalLink: string | null; memberAreaId: string | null; items: ItemInput[] };
function toInput(items: readonly Item[]): ItemInput[] {
  return items.map((item) => ({
    title: item.title.trim(),
    collectionId: item.kind === "collection" && item.collectionId ? Number(item.collectionId) : null,
    externalLink: item.kind === "link" ? item.link.trim() : null,
    memberAreaId: item.kind === "memberArea" ? item.memberAreaId.trim() : null,
    items: toInput(item.items),
  }));
}

/** Field errors by element id, in the order the fields appear. */
function check(items: readonly Item[], errors: [string, string][] = []): [string, string][] {
  for (const item of items) {
    if (item.kind !== "collection" && !item.title.trim()) errors.push([`nav-${item.key}-title`, text.required]);
    if (item.kind === "collection" && !item.collectionId) errors.push([`nav-${item.key}-target`, text.chooseCollection]);
    if (item.kind === "link" && !item.link.trim()) errors.push([`nav-${item.key}-target`, text.required]);
    if (item.kind === "memberArea" && !item.memberAreaId.trim()) errors.push([`nav-${item.key}-target`, text.required]);
    if (item.kind === "folder" && item.items.length === 0) errors.push([`nav-${item.key}-kind`, text.folderNeedsLinks]);
    check(item.items, errors);
  }
  return errors;
}

type Update = (items: Item[]) => Item[];

export default function NavigationScreen({ queryRef }: ScreenProps<Query>) {
  const data = usePreloadedQuery<Query>(
    graphql`
      query NavigationScreenQuery {
        siteNavigations {
          identifier
          templateId
          links {
            title
            collectionId
            externalLink
            memberAreaId
            links {
              title
              collectionId
              externalLink
              memberAreaId
              links {
                title
                collectionId
                externalLink
                memberAreaId
              }
            }
          }
        }
        navigationCollections {
          collectionId
          title
          urlId
        }
      }
    `,
    queryRef,
  );
  const [name, setName] = useState<string>(NAVIGATION_NAMES[0]);
  const saved = data.siteNavigations.find((navigation) => navigation.identifier === name);
  const hasMain = data.siteNavigations.some((navigation) => navigation.identifier === NAVIGATION_NAMES[0]);
  return (
    <section className="admin-page">
      <SiteScreenHeading heading={text.navigationHeading} intro={text.navigationIntro} />
      {!hasMain ? <p className="notice error">{text.navigationMissingMain}</p> : null}
      <div className="toolbar">
        <div className="field">
          <label htmlFor="navigation-name">{text.navigationChoose}</label>
          <select id="navigation-name" value={name} onChange={(event) => setName(event.target.value)}>
            {NAVIGATION_NAMES.map((value) => (
              <option key={value} value={value}>
                {text.navigationNames[value] ?? value}
              </option>
            ))}
          </select>
        </div>
      </div>
      <NavigationEditor key={name} name={name} templateId={saved?.templateId ?? null} links={saved?.links ?? []} collections={data.navigationCollections} />
    </section>
  );
}

function NavigationEditor({
  name,
  templateId,
  links,
  collections,
}: {
  name: string;
  /** Kept as saved: a save replaces the items only. */
  templateId: string | null;
  links: readonly LinkData[];
  collections: NavigationScreenQuery$data["navigationCollections"];
}) {
  const canChange = useCan("site.design");
  const [items, setItems] = useState<Item[]>(() => toItems(links));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<SaveNotice>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const [save, saving] = useInputMutation<NavigationScreenSaveMutation>(graphql`
    mutation NavigationScreenSaveMutation($input: UpdateNavigationInput!) {
      updateNavigation(input: $input) {
        __typename
        ... on Error {
          message
        }
      }
    }
  `);
  const showNotice = (next: NonNullable<SaveNotice>) => {
    setNotice(next);
    queueMicrotask(() => noticeRef.current?.focus());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(items);
    setErrors(Object.fromEntries(found));
    if (found.length > 0) {
      setNotice({ error: true, text: text.fixBelow });
      document.getElementById(found[0][0])?.focus();
      return;
    }
    save({
      variables: { fieldName: name, templateId, items: toInput(items) },
      onCompleted: ({ updateNavigation: result }) =>
        showNotice(
          result.__typename === "UpdateNavigationSuccess"
            ? { error: false, text: text.saved }
            : { error: true, text: errorMessage(result as { message?: string }) },
        ),
      onError: (error) => showNotice({ error: true, text: describeFailure(error) }),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={text.navigationNames[name] ?? name}>
      <SaveNoticeLines canChange={canChange} notice={notice} noticeRef={noticeRef} />
      {items.length === 0 ? <p className="empty-state">{text.navigationEmpty}</p> : null}
      <ItemList items={items} depth={1} prefix="" update={setItems} errors={errors} collections={collections} canChange={canChange} />
      {canChange ? (
        <div className="form-actions">
          <button type="button" className="button" onClick={() => setItems((current) => [...current, newItem()])}>
            {text.addItem}
          </button>
          <button type="submit" className="button primary" disabled={saving}>
            {saving ? text.saving : text.save}
          </button>
        </div>
      ) : null}
    </form>
  );
}

function ItemList(props: {
  items: Item[];
  depth: number;
  prefix: string;
  update: (fn: Update) => void;
  errors: Record<string, string>;
  collections: NavigationScreenQuery$data["navigationCollections"];
  canChange: boolean;
}) {
  const { items, depth, prefix, update } = props;
  const confirm = useConfirm();
  if (items.length === 0) return null;
  return (
    <ol className={depth === 1 ? "nav-items" : undefined}>
      {items.map((item, index) => {
        const label = `${prefix}${index + 1}`;
        const change = (patch: Partial<Item>) => update((current) => current.map((other) => (other.key === item.key ? { ...other, ...patch } : other)));
        const move = (by: number) =>
          update((current) => {
            const next = [...current];
            const [moved] = next.splice(index, 1);
            next.splice(index + by, 0, moved);
            return next;
          });
        const remove = async () => {
          if (await confirm({ title: text.removeTitle, body: text.removeBody, confirmLabel: text.removeConfirm, danger: true }))
            update((current) => current.filter((other) => other.key !== item.key));
        };
        const nestedUpdate = (fn: Update) =>
          update((current) => current.map((other) => (other.key === item.key ? { ...other, items: fn(other.items) } : other)));
        const id = (field: string) => `nav-${item.key}-${field}`;
        const error = (field: string) => props.errors[id(field)];
        const describedBy = (field: string) => (error(field) ? `${id(field)}-error` : undefined);
        return (
          <li key={item.key} className="nav-item">
            <fieldset>
              <legend>{text.itemLevel(label)}</legend>
              <div className="nav-item-fields">
                <div className="field">
                  <label htmlFor={id("title")}>{text.itemTitle}</label>
                  <input
                    id={id("title")}
                    value={item.title}
                    disabled={!props.canChange}
                    aria-invalid={error("title") ? true : undefined}
                    aria-describedby={describedBy("title")}
                    onChange={(event) => change({ title: event.target.value })}
                  />
                  {error("title") ? (
                    <p id={`${id("title")}-error`} className="field-error">
                      {error("title")}
                    </p>
                  ) : null}
                </div>
                <div className="field">
                  <label htmlFor={id("kind")}>{text.itemKind}</label>
                  <select
                    id={id("kind")}
                    value={item.kind}
                    disabled={!props.canChange}
                    aria-invalid={error("kind") ? true : undefined}
                    aria-describedby={describedBy("kind")}
                    onChange={(event) => change({ kind: event.target.value as Kind })}
                  >
                    {KINDS.map((kind) => (
                      <option key={kind} value={kind}>
                        {text.itemKinds[kind]}
                      </option>
                    ))}
                  </select>
                  {error("kind") ? (
                    <p id={`${id("kind")}-error`} className="field-error">
                      {error("kind")}
                    </p>
                  ) : null}
                </div>
                {item.kind !== "folder" ? (
                  <div className="field">
                    <label htmlFor={id("target")}>
                      {item.kind === "collection" ? text.itemCollection : item.kind === "link" ? text.itemLink : text.itemMemberArea}
                    </label>
                    {item.kind === "collection" ? (
                      <select
                        id={id("target")}
                        value={item.collectionId}
                        disabled={!props.canChange}
                        aria-invalid={error("target") ? true : undefined}
                        aria-describedby={describedBy("target")}
                        onChange={(event) => change({ collectionId: event.target.value })}
                      >
                        <option value="">{text.chooseCollection}</option>
                        {props.collections.map((collection) => (
                          <option key={collection.collectionId} value={String(collection.collectionId)}>
                            {`${collection.title} (/${collection.urlId})`}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <input
                        id={id("target")}
                        value={item.kind === "link" ? item.link : item.memberAreaId}
                        disabled={!props.canChange}
                        inputMode={item.kind === "link" ? "url" : undefined}
                        aria-invalid={error("target") ? true : undefined}
                        aria-describedby={[item.kind === "link" ? `${id("target")}-hint` : "", describedBy("target") ?? ""].join(" ").trim() || undefined}
                        onChange={(event) => change(item.kind === "link" ? { link: event.target.value } : { memberAreaId: event.target.value })}
                      />
                    )}
                    {item.kind === "link" ? (
                      <p id={`${id("target")}-hint`} className="field-hint">
                        {text.itemLinkHint}
                      </p>
                    ) : null}
                    {error("target") ? (
                      <p id={`${id("target")}-error`} className="field-error">
                        {error("target")}
                      </p>
                    ) : null}
                  </div>
                ) : null}
              </div>
              {props.canChange ? (
                <div className="nav-item-actions">
                  {depth < MAX_NAVIGATION_DEPTH ? (
                    <button type="button" className="button" onClick={() => nestedUpdate((current) => [...current, newItem()])}>
                      {text.addNested}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="button"
                    disabled={index === 0}
                    onClick={() => move(-1)}
                    aria-label={`${text.moveUp}: ${text.itemLevel(label)}`}
                  >
                    {text.moveUp}
                  </button>
                  <button
                    type="button"
                    className="button"
                    disabled={index === items.length - 1}
                    onClick={() => move(1)}
                    aria-label={`${text.moveDown}: ${text.itemLevel(label)}`}
                  >
                    {text.moveDown}
                  </button>
                  <button type="button" className="button danger" onClick={remove} aria-label={`${text.remove}: ${text.itemLevel(label)}`}>
                    {text.remove}
                  </button>
                </div>
              ) : null}
            </fieldset>
            <ItemList {...props} items={item.items} depth={depth + 1} prefix={`${label}.`} update={nestedUpdate} />
          </li>
        );
      })}
    </ol>
  );
}
