// The body of a server-paged list screen: the table on the list's page and sort, or, when the list could
// not load at all, the panel that says so with Retry. Screens give their rows and columns; the page, page
// size and loading states come from the list's state and query, the same way on every screen.
import { ServerDataTable, type ServerDataTableProps } from '../../components/ServerDataTable.tsx';
import { StatePanel } from '../../components/StatePanel.tsx';
import type { ListPage } from './useListPage.ts';
import type { ListSort, UrlFields } from './urlState.ts';

type Passed<Row, Sort extends string> = Omit<
  ServerDataTableProps<Row, Sort>,
  'page' | 'per' | 'onPage' | 'loading' | 'fetching' | 'sort'
>;

interface ListTableProps<Row, Sort extends string> extends Passed<Row, Sort> {
  view: Pick<ListPage<UrlFields>, 'page' | 'per' | 'onPage'>;
  query: { isPlaceholderData: boolean; isFetching: boolean; refetch: () => unknown };
  /** The server sort shown on the headers; undefined when the rows keep the server's own order. */
  sort?: ListSort<Sort>;
  /** Set when the list could not load: its message and the panel's test id, shown instead of the table. */
  error?: { message: string; testId: string } | false | null;
}

export function ListTable<Row, Sort extends string = string>({
  view,
  query,
  sort,
  error,
  ...table
}: ListTableProps<Row, Sort>) {
  if (error)
    return (
      <StatePanel
        kind="error"
        message={error.message}
        onRetry={() => void query.refetch()}
        testId={error.testId}
      />
    );
  return (
    <ServerDataTable
      {...table}
      page={view.page}
      per={view.per}
      onPage={view.onPage}
      sort={sort && { field: sort.column, order: sort.order }}
      loading={query.isPlaceholderData}
      fetching={query.isFetching}
    />
  );
}
