// "Show more" under a cursor-paged list (Relay usePaginationFragment's hasNext / loadNext).
import { adminMessages } from "../../../server/domain/messages/admin.ts";

export function Pager({
  hasNext,
  isLoading,
  loadNext,
  pageSize = 20,
}: {
  hasNext: boolean;
  isLoading: boolean;
  loadNext: (count: number) => void;
  pageSize?: number;
}) {
  if (!hasNext) return null;
  return (
    <div className="pager">
      <button type="button" className="button" onClick={() => loadNext(pageSize)} disabled={isLoading} aria-busy={isLoading}>
        {isLoading ? adminMessages.loadingMore : adminMessages.loadMore}
      </button>
    </div>
  );
}
