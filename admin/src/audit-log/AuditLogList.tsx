import { Chip } from "@mui/material";
import { Datagrid, DateField, DateInput, FunctionField, List, SelectInput, TextField, TextInput } from "react-admin";
import type { AdminAuditEntry } from "@forgehire/core";
import { AuditChanges } from "./AuditChanges";
import { actionChoices, actionLabel, resourceChoices, viaChoices, viaLabels } from "./types";

const auditFilters = [
  <SelectInput key="resource" source="resource" choices={resourceChoices} alwaysOn />,
  <TextInput key="recordId" source="recordId" label="Record id" alwaysOn />,
  <SelectInput key="via" source="via" label="Via" choices={viaChoices} alwaysOn />,
  <SelectInput key="action" source="action" choices={actionChoices} />,
  <TextInput key="actorId" source="actorId" label="Actor id" />,
  <DateInput key="from" source="from" label="From" />,
  <DateInput key="to" source="to" label="To" />,
];

/** The face as a chip: the CLI's changes stand out from the back office's. */
export const ViaChip = ({ via }: { via: string }) => (
  <Chip size="small" variant="outlined" color={via === "cli" ? "secondary" : "default"} label={viaLabels[via] ?? via} />
);

/** The record an entry is about, as a link to its page where it has one. */
const recordLink = (entry: AdminAuditEntry) => `#/${entry.resource}/${encodeURIComponent(entry.recordId)}${entry.resource === "users" ? "" : "/show"}`;

/** Every change made by an admin or an operator, newest first; read only. */
const AuditLogList = () => (
  <List<AdminAuditEntry> filters={auditFilters} sort={{ field: "id", order: "DESC" }} perPage={25} exporter={false}>
    <Datagrid rowClick={false} bulkActionButtons={false}>
      <DateField<AdminAuditEntry> source="createdAt" label="When" showTime />
      <TextField<AdminAuditEntry> source="actorName" label="Who" sortable={false} />
      <FunctionField<AdminAuditEntry> source="via" label="Via" sortable={false} render={(entry) => <ViaChip via={entry.via} />} />
      <FunctionField<AdminAuditEntry> source="action" label="What" sortable={false} render={(entry) => actionLabel(entry.action)} />
      <FunctionField<AdminAuditEntry>
        label="Record"
        sortable={false}
        render={(entry) => (
          <a href={recordLink(entry)}>{`${entry.resource} ${entry.recordId.length > 12 ? `${entry.recordId.slice(0, 8)}…` : entry.recordId}`}</a>
        )}
      />
      <FunctionField<AdminAuditEntry> label="Before → after" sortable={false} render={(entry) => <AuditChanges entry={entry} />} />
    </Datagrid>
  </List>
);

export default AuditLogList;
