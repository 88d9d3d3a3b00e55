// A product's images in the owner's product editor (issue 9): upload (file input or drop) with
// progress and the server's refusals, thumbnails, alt text, reorder with Move up / Move down buttons,
// and delete behind the confirm dialog. A viewer without products.write sees the images only.
import { startTransition, useId, useRef, useState, type DragEvent, type FormEvent } from "react";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import { graphql, useRefetchableFragment } from "react-relay";
import type { ProductImagesEditor_product$key } from "../../__generated__/ProductImagesEditor_product.graphql";
import { moveImage } from "../../../server/domain/catalog/product-images.ts";
import { useDeleteProductImageMutation } from "./DeleteProductImageMutation.ts";
import { useReorderProductImagesMutation } from "./ReorderProductImagesMutation.ts";
import { useUpdateProductImageMutation } from "./UpdateProductImageMutation.ts";
import { uploadProductImage } from "./product-images-upload.ts";
import { storedXsrfToken } from "../../shared/admin/session.ts";
import { useCan } from "../../shared/admin/viewer.ts";
import { useConfirm } from "../../shared/ui/ConfirmDialog.tsx";
import "./product-images.css";

export interface ProductImagesEditorProps {
  product: ProductImagesEditor_product$key;
}

interface Upload {
  name: string;
  percent: number;
}

export function ProductImagesEditor({ product }: ProductImagesEditorProps) {
  const canEdit = useCan("products.write");
  const confirm = useConfirm();
  const [data, refetch] = useRefetchableFragment(
    graphql`
      fragment ProductImagesEditor_product on Product @refetchable(queryName: "ProductImagesEditorRefetchQuery") {
        id
        itemId
        name
        imageUploadPath
        images {
          id
          imageId
          altText
          thumbnailUrl
          width
          height
        }
      }
    `,
    product,
  );
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [status, setStatus] = useState("");
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const inputId = useId();
  const [reorder, reordering] = useReorderProductImagesMutation();
  const [remove] = useDeleteProductImageMutation();
  const images = data.images;

  async function uploadFiles(files: File[]) {
    if (files.length === 0) return;
    setErrors([]);
    setStatus("");
    const failures: string[] = [];
    for (const file of files) {
      setUploads((current) => [...current, { name: file.name, percent: 0 }]);
      const error = await uploadProductImage(file, {
        path: data.imageUploadPath,
        xsrfToken: storedXsrfToken(),
        onProgress: (percent) => setUploads((current) => current.map((upload) => (upload.name === file.name ? { ...upload, percent } : upload))),
      });
      setUploads((current) => current.filter((upload) => upload.name !== file.name));
      if (error) failures.push(adminMessages.imagesUploadFailed(file.name, error));
    }
    setErrors(failures);
    // In a transition: the list stays on screen (with the errors) while the new images load.
    startTransition(() => {
      refetch({}, { fetchPolicy: "network-only" });
    });
    if (fileInput.current) fileInput.current.value = "";
  }

  function move(index: number, delta: -1 | 1) {
    const order = moveImage(
      images.map((image) => image.id),
      index,
      delta,
    );
    setErrors([]);
    reorder({
      variables: { productId: data.id, imageIds: order },
      onCompleted: (response) => {
        const answer = response.reorderProductImages;
        if (answer.__typename !== "ReorderProductImagesSuccess") return setErrors([answer.message ?? adminMessages.imagesActionFailed]);
        setStatus(adminMessages.imagesMoved(index + delta + 1));
        // Keep the focus on the button that moved the image, now on its new row.
        requestAnimationFrame(() => {
          const row = list.current?.children[index + delta];
          const button =
            row?.querySelector<HTMLButtonElement>(`button[data-move="${delta}"]:not(:disabled)`) ??
            row?.querySelector<HTMLButtonElement>("button[data-move]:not(:disabled)");
          button?.focus();
        });
      },
      onError: () => setErrors([adminMessages.imagesActionFailed]),
    });
  }

  async function deleteImage(id: string) {
    const confirmed = await confirm({
      title: adminMessages.imagesDeleteTitle,
      body: adminMessages.imagesDeleteBody,
      confirmLabel: adminMessages.imagesDeleteConfirm,
      danger: true,
    });
    if (!confirmed) return;
    setErrors([]);
    remove({
      variables: { imageId: id },
      onCompleted: (response) => {
        const answer = response.deleteProductImage;
        if (answer.__typename !== "DeleteProductImageSuccess") return setErrors([answer.message ?? adminMessages.imagesActionFailed]);
        setStatus(adminMessages.imagesDeleted);
        fileInput.current?.focus();
      },
      onError: () => setErrors([adminMessages.imagesActionFailed]),
    });
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (canEdit) void uploadFiles([...event.dataTransfer.files]);
  };

  return (
    <section className="product-images-editor" aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`}>{adminMessages.imagesHeading}</h2>
      {canEdit ? (
        <div
          className={`image-drop-zone${dragging ? " dragging" : ""}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <div className="field">
            <label htmlFor={inputId}>{adminMessages.imagesChoose}</label>
            <input
              ref={fileInput}
              id={inputId}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              multiple
              aria-describedby={`${inputId}-hint`}
              onChange={(event) => void uploadFiles([...(event.target.files ?? [])])}
            />
            <p className="field-hint" id={`${inputId}-hint`}>
              {dragging ? adminMessages.imagesDropHere : adminMessages.imagesDropHint}
            </p>
          </div>
          {uploads.map((upload) => (
            <div key={upload.name} className="image-upload-progress">
              <progress max={100} value={upload.percent} aria-label={adminMessages.imagesUploading(upload.name, upload.percent)} />
              <span>{adminMessages.imagesUploading(upload.name, upload.percent)}</span>
            </div>
          ))}
        </div>
      ) : null}
      {errors.length > 0 ? (
        <div className="notice error" role="alert">
          {errors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      ) : null}
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {images.length === 0 ? (
        <p className="empty-state">{adminMessages.imagesEmpty}</p>
      ) : (
        <ol className="product-images-list" ref={list}>
          {images.map((image, index) => (
            <li key={image.id} className="card product-image-row">
              <img src={image.thumbnailUrl} alt="" width={96} height={Math.round((96 * image.height) / Math.max(image.width, 1))} loading="lazy" />
              <div className="product-image-details">
                <p className="product-image-position">
                  {adminMessages.imagesPosition(index + 1, images.length)}
                  {index === 0 ? <span className="badge">{adminMessages.imagesMain}</span> : null}
                </p>
                <AltTextField imageId={image.id} altText={image.altText} disabled={!canEdit} />
                {canEdit ? (
                  <div className="product-image-actions">
                    <button type="button" className="button" data-move="-1" disabled={index === 0 || reordering} onClick={() => move(index, -1)}>
                      {adminMessages.imagesMoveUp}
                    </button>
                    <button type="button" className="button" data-move="1" disabled={index === images.length - 1 || reordering} onClick={() => move(index, 1)}>
                      {adminMessages.imagesMoveDown}
                    </button>
                    <button type="button" className="button danger" onClick={() => void deleteImage(image.id)}>
                      {adminMessages.imagesDelete}
                    </button>
                  </div>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** One image's alt text: a field and its Save button, the server's refusal next to it. */
function AltTextField({ imageId, altText, disabled }: { imageId: string; altText: string; disabled: boolean }) {
  const [value, setValue] = useState(altText);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [update, updating] = useUpdateProductImageMutation();
  const field = useRef<HTMLInputElement>(null);
  const id = useId();

  const save = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    update({
      variables: { imageId, altText: value },
      onCompleted: (response) => {
        const answer = response.updateProductImage;
        if (answer.__typename === "UpdateProductImageSuccess") {
          setError(null);
          setSaved(true);
          setValue(answer.image?.altText ?? value);
          return;
        }
        setError(answer.message ?? adminMessages.imagesActionFailed);
        field.current?.focus();
      },
      onError: () => setError(adminMessages.imagesActionFailed),
    });
  };

  return (
    <form className="field product-image-alt" onSubmit={save}>
      <label htmlFor={id}>{adminMessages.imagesAltLabel}</label>
      <input
        ref={field}
        id={id}
        value={value}
        maxLength={250}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        onChange={(event) => {
          setValue(event.target.value);
          setSaved(false);
        }}
      />
      <p className="field-hint" id={`${id}-hint`}>
        {saved ? adminMessages.imagesAltSaved : adminMessages.imagesAltHint}
      </p>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      {disabled ? null : (
        <button type="submit" className="button" disabled={updating || value === altText}>
          {adminMessages.imagesAltSave}
        </button>
      )}
    </form>
  );
}
