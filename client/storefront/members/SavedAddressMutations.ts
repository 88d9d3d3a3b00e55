// The member's address book (issue 23): a hook per mutation. Each keeps the root `savedAddresses` list
// (the address book's and the checkout's) in step with what the server answered, so no screen refetches.
import { graphql } from "react-relay";
import type { RecordSourceSelectorProxy } from "relay-runtime";
import type { SavedAddressMutationsAddMutation } from "../../__generated__/SavedAddressMutationsAddMutation.graphql";
import type { SavedAddressMutationsDeleteMutation } from "../../__generated__/SavedAddressMutationsDeleteMutation.graphql";
import type { SavedAddressMutationsUpdateMutation } from "../../__generated__/SavedAddressMutationsUpdateMutation.graphql";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

/** A new address goes first, as the list is the latest first. */
function prependSaved(store: RecordSourceSelectorProxy) {
  const added = store.getRootField("addSavedAddress")?.getLinkedRecord("savedAddress");
  if (!added) return;
  const root = store.getRoot();
  const list = root.getLinkedRecords("savedAddresses") ?? [];
  if (!list.some((record) => record?.getDataID() === added.getDataID())) root.setLinkedRecords([added, ...list], "savedAddresses");
}

function removeDeleted(store: RecordSourceSelectorProxy) {
  const deletedId = store.getRootField("deleteSavedAddress")?.getValue("deletedId");
  if (deletedId === null || deletedId === undefined) return;
  const root = store.getRoot();
  const list = root.getLinkedRecords("savedAddresses") ?? [];
  root.setLinkedRecords(
    list.filter((record) => String(record?.getValue("id")) !== String(deletedId)),
    "savedAddresses",
  );
}

export function useAddSavedAddressMutation() {
  const [commit, inFlight] = useInputMutation<SavedAddressMutationsAddMutation>(graphql`
    mutation SavedAddressMutationsAddMutation($input: AddSavedAddressInput!) {
      addSavedAddress(input: $input) {
        __typename
        ... on AddSavedAddressSuccess {
          savedAddress {
            ...AddressBookScreen_savedAddress
          }
        }
        ... on FormInvalidError {
          fieldErrors {
            fieldId
            message
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  return [(config: Parameters<typeof commit>[0]) => commit({ ...config, updater: prependSaved }), inFlight] as const;
}

export function useUpdateSavedAddressMutation() {
  return useInputMutation<SavedAddressMutationsUpdateMutation>(graphql`
    mutation SavedAddressMutationsUpdateMutation($input: UpdateSavedAddressInput!) {
      updateSavedAddress(input: $input) {
        __typename
        ... on UpdateSavedAddressSuccess {
          savedAddress {
            ...AddressBookScreen_savedAddress
          }
        }
        ... on FormInvalidError {
          fieldErrors {
            fieldId
            message
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
}

export function useDeleteSavedAddressMutation() {
  const [commit, inFlight] = useInputMutation<SavedAddressMutationsDeleteMutation>(graphql`
    mutation SavedAddressMutationsDeleteMutation($input: DeleteSavedAddressInput!) {
      deleteSavedAddress(input: $input) {
        __typename
        ... on DeleteSavedAddressSuccess {
          deletedId
        }
        ... on Error {
          message
        }
      }
    }
  `);
  return [(config: Parameters<typeof commit>[0]) => commit({ ...config, updater: removeDeleted }), inFlight] as const;
}
