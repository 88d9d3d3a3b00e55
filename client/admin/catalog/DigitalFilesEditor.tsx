// The "Digital delivery" section of a digital product's editor (issue 23): the files and links shoppers
// get after paying. Upload a file (the raw body of POST Product.digitalFileUploadPath, checked by the
// server: type, content, size), add an external link, rename, remove behind the confirm dialog. It sits
// inside the product form, so its controls are buttons, never a nested form. Loads its own query so the
// product editor only places it.
import { Suspense, useId, useRef, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { DigitalFilesEditorQuery } from "../../__generated__/DigitalFilesEditorQuery.graphql";
import { downloadMessages } from "../../../server/domain/messages/downloads.ts";
import { formatFileSize } from "../../../server/domain/downloads/file-size.ts";
import { storedXsrfToken } from "../../shared/admin/session.ts";
import { useCan } from "../../shared/admin/viewer.ts";
import { useConfirm } from "../../shared/ui/ConfirmDialog.tsx";
import { crumb } from "../../shared/relay/rest.ts";
import { useAddDigitalLinkMutation } from "./AddDigitalLinkMutation.ts";
import { useRemoveDigitalFileMutation } from "./RemoveDigitalFileMutation.ts";
import { useRenameDigitalFileMutation } from "./RenameDigitalFileMutation.ts";
import "./digital-files.css";

export function DigitalFilesEditor({ productId }: { productId: string }) {
  return (
    <fieldset className="digital-files-editor">
      <legend>{downloadMessages.sectionTitle}</legend>
      <p className="field-notes">{downloadMessages.sectionHelp}</p>
      <Suspense fallback={<p aria-busy="true">…</p>}>
        <DigitalFiles productId={productId} />
      </Suspense>
    </fieldset>
  );
}

/** POSTs a file as the product images do; resolves with the server's refusal, or null. */
async function uploadDigitalFile(path: string, file: File): Promise<string | null> {
  const headers: Record<string, string> = { "content-type": "application/octet-stream" };
  const token = crumb();
  if (token) headers["x-csrf-token"] = token;
  const xsrf = storedXsrfToken();
  if (xsrf) headers["x-siteuser-xsrf-token"] = xsrf;
  const response = await fetch(`${path}?${new URLSearchParams({ name: file.name })}`, { method: "POST", headers, body: file, credentials: "same-origin" });
  if (response.status === 201) return null;
  const body = (await response.json().catch(() => ({}))) as { error?: string };
  return body.error ?? downloadMessages.fileTypeRefused;
}

function DigitalFiles({ productId }: { productId: string }) {
  const [fetchKey, setFetchKey] = useState(0);
  const data = useLazyLoadQuery<DigitalFilesEditorQuery>(
    graphql`
      query DigitalFilesEditorQuery($id: ID!) {
        ownerProduct(id: $id) {
          digitalFileUploadPath
          digitalFiles {
            fileId
            kind
            name
            byteSize
            url
          }
        }
      }
    `,
    { id: productId },
    { fetchKey, fetchPolicy: "network-only" },
  );
  const canEdit = useCan("products.write");
  const confirm = useConfirm();
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [linkName, setLinkName] = useState("");
  const [linkUrl, setLinkUrl] = useState("");
  const [renaming, setRenaming] = useState<{ fileId: number; name: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = useId();
  const [addLink] = useAddDigitalLinkMutation();
  const [rename] = useRenameDigitalFileMutation();
  const [remove] = useRemoveDigitalFileMutation();
  const product = data.ownerProduct;
  if (!product) return null;
  const files = product.digitalFiles ?? [];
  const reload = () => setFetchKey((key) => key + 1);
  const answered = (result: { __typename: string; message?: string } | null | undefined, after?: () => void) => {
    if (result && "message" in result && result.message) setError(result.message);
    else {
      setError("");
      after?.();
      reload();
    }
  };

  async function upload(list: FileList | null) {
    const file = list?.[0];
    if (!file || !product?.digitalFileUploadPath) return;
    setBusy(true);
    const refusal = await uploadDigitalFile(product.digitalFileUploadPath, file);
    setBusy(false);
    if (fileInput.current) fileInput.current.value = "";
    setError(refusal ?? "");
    if (!refusal) reload();
  }

  return (
    <>
      {error ? (
        <p className="notice error" role="alert">
          {error}
        </p>
      ) : null}
      {files.length === 0 ? <p>{downloadMessages.noFiles}</p> : null}
      <ul className="digital-files">
        {files.map((file) => (
          <li key={file.fileId} className="digital-file">
            {renaming?.fileId === file.fileId ? (
              <>
                <input
                  aria-label={downloadMessages.linkName}
                  value={renaming.name}
                  onChange={(event) => setRenaming({ fileId: file.fileId, name: event.target.value })}
                />
                <button
                  type="button"
                  className="button"
                  onClick={() =>
                    rename({
                      variables: { fileId: String(file.fileId), name: renaming.name },
                      onCompleted: (r) => answered(r.renameDigitalFile, () => setRenaming(null)),
                    })
                  }
                >
                  {downloadMessages.save}
                </button>
                <button type="button" className="button" onClick={() => setRenaming(null)}>
                  {downloadMessages.cancel}
                </button>
              </>
            ) : (
              <>
                <span className="digital-file-name">{file.name}</span>{" "}
                <span className="digital-file-facts">
                  {file.kind === "LINK" ? `${downloadMessages.externalLink} · ${file.url}` : formatFileSize(file.byteSize ?? 0)}
                </span>
                {canEdit ? (
                  <span className="digital-file-actions">
                    <button type="button" className="button" onClick={() => setRenaming({ fileId: file.fileId, name: file.name })}>
                      {downloadMessages.rename}
                    </button>
                    <button
                      type="button"
                      className="button danger"
                      onClick={async () => {
                        const confirmed = await confirm({
                          title: `${downloadMessages.remove} ${file.name}`,
                          body: downloadMessages.removeBody,
                          confirmLabel: downloadMessages.remove,
                          danger: true,
                        });
                        if (confirmed) remove({ variables: { fileId: String(file.fileId) }, onCompleted: (r) => answered(r.removeDigitalFile) });
                      }}
                    >
                      {downloadMessages.remove}
                    </button>
                  </span>
                ) : null}
              </>
            )}
          </li>
        ))}
      </ul>
      {canEdit ? (
        <div className="digital-files-add">
          <label className="button" htmlFor={`${ids}-file`} aria-busy={busy}>
            {busy ? downloadMessages.uploading : downloadMessages.uploadFile}
          </label>
          <input
            id={`${ids}-file`}
            ref={fileInput}
            className="visually-hidden"
            type="file"
            onChange={(event) => void upload(event.target.files)}
            disabled={busy}
          />
          <div className="digital-link-fields">
            <label htmlFor={`${ids}-name`}>{downloadMessages.linkName}</label>
            <input id={`${ids}-name`} value={linkName} onChange={(event) => setLinkName(event.target.value)} />
            <label htmlFor={`${ids}-url`}>{downloadMessages.linkUrl}</label>
            <input
              id={`${ids}-url`}
              type="url"
              value={linkUrl}
              onChange={(event) => setLinkUrl(event.target.value)}
              placeholder={downloadMessages.linkPlaceholder}
            />
            <button
              type="button"
              className="button"
              onClick={() =>
                addLink({
                  variables: { productId, name: linkName, url: linkUrl },
                  onCompleted: (r) =>
                    answered(r.addDigitalLink, () => {
                      setLinkName("");
                      setLinkUrl("");
                    }),
                })
              }
            >
              {downloadMessages.addLink}
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}
