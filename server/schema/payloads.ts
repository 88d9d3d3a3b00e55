// Mutation payloads (docs/api.md): every mutation answers the union `<Mutation>Payload` of its
// `<Mutation>Success` object and the errors it can produce (builder.ts names the union).
import type { ObjectRef } from "@pothos/core";
import { builder, type BuilderTypes } from "./builder.ts";

/** `<Mutation>Success { <field>: <type> }`, for a mutation that answers one object it saved. */
export function successWith<Shape, Field extends string>(name: string, field: Field, type: ObjectRef<BuilderTypes, Shape>) {
  return builder.objectRef<Record<Field, Shape>>(name).implement({
    fields: (t) => ({ [field]: t.field({ type, resolve: (success: Record<Field, Shape>) => success[field] as never }) }),
  });
}

/** `<Mutation>Success { deletedId }`: what a delete answers, the raw id of what is gone. */
export function deletedSuccess(name: string) {
  return builder.objectRef<{ id: number }>(name).implement({
    fields: (t) => ({ deletedId: t.exposeInt("id", { description: "The raw id of what was deleted." }) }),
  });
}
