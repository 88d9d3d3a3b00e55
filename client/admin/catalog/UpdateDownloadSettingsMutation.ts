// The store's download link expiry and download limit (issue 23).
import { graphql } from "react-relay";
import type { RecordSourceSelectorProxy } from "relay-runtime";
import type { UpdateDownloadSettingsMutation } from "../../__generated__/UpdateDownloadSettingsMutation.graphql.ts";
import { useInputMutation } from "../../shared/relay/input-mutation.ts";

const mutation = graphql`
  mutation UpdateDownloadSettingsMutation($input: UpdateDownloadSettingsInput!) {
    updateDownloadSettings(input: $input) {
      __typename
      ... on UpdateDownloadSettingsSuccess {
        settings {
          ...DownloadSettingsPanel_settings
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/** DownloadSettings has no id: a save's answer replaces the `ownerDownloadSettings` root field by hand, so a later visit starts from it. */
export function showSavedDownloadSettings(store: RecordSourceSelectorProxy) {
  const saved = store.getRootField("updateDownloadSettings")?.getLinkedRecord("settings");
  if (saved) store.getRoot().setLinkedRecord(saved, "ownerDownloadSettings");
}

export const useUpdateDownloadSettingsMutation = () => useInputMutation<UpdateDownloadSettingsMutation>(mutation);
