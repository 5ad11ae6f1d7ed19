import DownloadIcon from "@mui/icons-material/GetApp";
import {
  Button,
  CreateButton,
  FilterButton,
  Pagination,
  TopToolbar,
  useFilterContext,
  useListContext,
  useResourceContext,
  useResourceDefinition,
} from "react-admin";
import { ADMIN_API_URL } from "../data-provider";

/**
 * The server's CSV export of this list (API.md, Operators: /api/admin/:resource/export.csv) under the list's current
 * filter and sort. react-admin's own ExportButton fetches one page of at most 1,000 records into the browser and then
 * builds the file; this one lets the browser download the server's stream, which holds every matching row.
 */
export function exportUrl(resource: string, filter: Record<string, unknown>, sort: { field: string; order: string }): string {
  const params = new URLSearchParams({ filter: JSON.stringify(filter), sort: JSON.stringify([sort.field, sort.order]) });
  return `${ADMIN_API_URL}/${encodeURIComponent(resource)}/export.csv?${params.toString()}`;
}

export const ServerExportButton = () => {
  const { filter, filterValues, sort, total } = useListContext();
  const resource = useResourceContext();
  if (!resource) return null;
  const href = exportUrl(resource, { ...filterValues, ...filter }, sort);
  const download = () => {
    // A link with `download`: the browser streams the file to disk with the session cookie; nothing is held in the page.
    const link = document.createElement("a");
    link.href = href;
    link.download = "";
    document.body.appendChild(link);
    link.click();
    link.remove();
  };
  return <Button label="ra.action.export" onClick={download} disabled={total === 0} startIcon={<DownloadIcon />} />;
};

/** Every list's toolbar: its filters, Create where the resource has it, and the server's export. */
export const ListActions = () => {
  const filters = useFilterContext();
  const { hasCreate } = useResourceDefinition();
  return (
    <TopToolbar>
      {filters && filters.length > 0 && <FilterButton />}
      {hasCreate && <CreateButton />}
      <ServerExportButton />
    </TopToolbar>
  );
};

/** Pages of up to 1,000 rows, the back office API's range limit. */
export const ListPagination = () => <Pagination rowsPerPageOptions={[10, 25, 50, 100, 1000]} />;
