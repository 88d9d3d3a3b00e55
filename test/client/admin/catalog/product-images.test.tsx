// The product images editor: thumbnails in order with the main image marked, alt text saved with the
// server's refusal next to the field, Move up / Move down, delete only after the confirm dialog says
// yes, an upload refused by the server, and a read-only view for a viewer without products.write.
import { act, fireEvent, screen } from "@testing-library/react";
import { useLazyLoadQuery } from "react-relay";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import RefetchQuery, { type ProductImagesEditorRefetchQuery } from "../../../../client/__generated__/ProductImagesEditorRefetchQuery.graphql";
import { ProductImagesEditor } from "../../../../client/admin/catalog/ProductImagesEditor.tsx";
import { answerLatest } from "../../support/render.tsx";
import { ALL_PERMISSIONS, renderAdmin } from "../support.tsx";

// The upload sends the signed-in session's xsrf token (client/admin/session.ts keeps it).
beforeEach(() => window.localStorage.setItem("sitecart.admin.xsrfToken", "xsrf"));

const image = (n: number, altText = "") => ({
  id: `img-${n}`,
  imageId: n,
  altText,
  thumbnailUrl: `/media/${String(n).repeat(24).slice(0, 24)}/mug.jpg?format=300w`,
  width: 800,
  height: 600,
});

function Editor() {
  const data = useLazyLoadQuery<ProductImagesEditorRefetchQuery>(RefetchQuery, { id: "product-1" });
  return data.node ? <ProductImagesEditor product={data.node} /> : null;
}

async function renderEditor(images: ReturnType<typeof image>[], { canEdit = true } = {}) {
  const environment = createMockEnvironment();
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      Product: () => ({ id: "product-1", itemId: "1", name: "Ceramic Mug", imageUploadPath: "/api/upload", images }),
    }),
  );
  const permissions = canEdit ? ALL_PERMISSIONS : ["products.read"];
  const utils = renderAdmin(<Editor />, { environment, permissions });
  await act(async () => {});
  return utils;
}

const latestOperation = (environment: ReturnType<typeof createMockEnvironment>) => {
  const operations = environment.mock.getAllOperations();
  return operations[operations.length - 1];
};

it("shows each image in order with its position, the first as the main image, and an empty state without images", async () => {
  await renderEditor([image(1, "A white mug"), image(2)]);
  expect(screen.getByRole("heading", { name: "Images" })).toBeTruthy();
  expect(screen.getByText("Image 1 of 2")).toBeTruthy();
  expect(screen.getByText("Image 2 of 2")).toBeTruthy();
  expect(screen.getAllByText("Main image")).toHaveLength(1);
  expect((screen.getAllByLabelText("Alt text")[0] as HTMLInputElement).value).toBe("A white mug");
  expect(screen.getByLabelText("Add images")).toBeTruthy();
});

it("shows the empty state for a product without images", async () => {
  await renderEditor([]);
  expect(screen.getByText("No images yet. The first image is the product's main image.")).toBeTruthy();
});

it("moves an image down with its button, sending the whole new order; the first cannot move up", async () => {
  const { environment } = await renderEditor([image(1), image(2), image(3)]);
  const up = screen.getAllByRole("button", { name: "Move up" });
  const down = screen.getAllByRole("button", { name: "Move down" });
  expect((up[0] as HTMLButtonElement).disabled).toBe(true);
  expect((down[2] as HTMLButtonElement).disabled).toBe(true);
  fireEvent.click(down[0]);
  const operation = latestOperation(environment);
  expect(operation.request.node.operation.name).toBe("ReorderProductImagesMutation");
  expect(operation.request.variables.input).toEqual({ productId: "product-1", imageIds: ["img-2", "img-1", "img-3"] });
});

it("deletes only after the confirm dialog says yes", async () => {
  const { environment } = await renderEditor([image(1), image(2)]);
  const deletes = () => environment.mock.getAllOperations().filter((op) => op.request.node.operation.name === "DeleteProductImageMutation");
  await act(async () => fireEvent.click(screen.getAllByRole("button", { name: "Delete" })[1]));
  const dialog = screen.getByRole("dialog", { name: "Delete this image?" });
  expect(dialog.textContent).toContain("The image and all its sizes are removed from the store. This cannot be undone.");
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Cancel" })));
  expect(deletes()).toHaveLength(0);
  await act(async () => fireEvent.click(screen.getAllByRole("button", { name: "Delete" })[1]));
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Delete image" })));
  expect(deletes()).toHaveLength(1);
  expect(deletes()[0].request.variables.input).toEqual({ imageId: "img-2" });
});

it("saves alt text and shows the server's refusal next to the field", async () => {
  const { environment } = await renderEditor([image(1)]);
  const field = screen.getByLabelText("Alt text") as HTMLInputElement;
  fireEvent.change(field, { target: { value: "On the shelf" } });
  fireEvent.click(screen.getByRole("button", { name: "Save alt text" }));
  expect(latestOperation(environment).request.variables.input).toEqual({ imageId: "img-1", altText: "On the shelf" });
  await answerLatest(environment, {
    updateProductImage: { __typename: "InvalidInputError", __isError: "InvalidInputError", message: "Alt text can be at most 250 characters." },
  });
  expect(screen.getByText("Alt text can be at most 250 characters.")).toBeTruthy();
  expect(field.getAttribute("aria-invalid")).toBe("true");
  expect(document.activeElement).toBe(field);
});

it("uploads a chosen file with the crumb and XSRF headers and shows the server's refusal", async () => {
  const sent: { url?: string; headers: Record<string, string>; body?: unknown } = { headers: {} };
  class FakeRequest {
    upload: { onprogress?: (event: unknown) => void } = {};
    status = 0;
    responseText = "";
    onload?: () => void;
    onerror?: () => void;
    open(_method: string, url: string) {
      sent.url = url;
    }
    setRequestHeader(name: string, value: string) {
      sent.headers[name] = value;
    }
    send(body: unknown) {
      sent.body = body;
      this.status = 415;
      this.responseText = JSON.stringify({ error: "Only JPEG, PNG, WebP and GIF images can be uploaded.", code: "UNSUPPORTED_TYPE" });
      setTimeout(() => this.onload?.(), 0);
    }
  }
  const original = globalThis.XMLHttpRequest;
  globalThis.XMLHttpRequest = FakeRequest as never;
  document.cookie = "crumb=crumb-1";
  try {
    await renderEditor([]);
    const file = new File(["hello"], "notes.txt", { type: "text/plain" });
    await act(async () => {
      fireEvent.change(screen.getByLabelText("Add images"), { target: { files: [file] } });
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    expect(sent.url).toBe("/api/upload?filename=notes.txt");
    expect(sent.headers).toMatchObject({ "x-csrf-token": "crumb-1", "x-siteuser-xsrf-token": "xsrf" });
    expect(sent.body).toBe(file);
    expect(screen.getByRole("alert").textContent).toBe("notes.txt: Only JPEG, PNG, WebP and GIF images can be uploaded.");
  } finally {
    globalThis.XMLHttpRequest = original;
  }
});

it("shows the images without changing anything to a viewer without products.write", async () => {
  await renderEditor([image(1), image(2)], { canEdit: false });
  expect(screen.queryByLabelText("Add images")).toBeNull();
  expect(screen.queryByRole("button", { name: "Move down" })).toBeNull();
  expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
  expect((screen.getAllByLabelText("Alt text")[0] as HTMLInputElement).disabled).toBe(true);
});
