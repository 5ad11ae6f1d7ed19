import { useEffect } from "react";
import { Box, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { Datagrid, DateField, FunctionField, Pagination, ReferenceManyField, TextField, useRecordContext } from "react-admin";
import type { AdminAuditEntry } from "@forgehire/core";
import { AuditChanges } from "./AuditChanges";
import { ViaChip } from "./AuditLogList";
import { actionLabel } from "./types";

/**
 * A record's History: its entries of the audit trail, newest first, each with who, through which face and the
 * changed fields before → after. Put inside a record's page (a record context) with the resource it is listed under.
 */
export const RecordHistory = ({ resource, title = "History" }: { resource: string; title?: string }) => {
  const record = useRecordContext();
  const queryClient = useQueryClient();
  // A change made on this page (Disable, Save, a lifecycle button) moves the record's updatedAt: read its history again.
  const version = typeof record?.updatedAt === "string" ? record.updatedAt : undefined;
  useEffect(() => {
    if (version) void queryClient.invalidateQueries({ queryKey: ["audit-log"] });
  }, [version, queryClient]);
  if (!record) return null;
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2, width: "100%" }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <ReferenceManyField<typeof record, AdminAuditEntry>
        reference="audit-log"
        target="recordId"
        filter={{ resource }}
        sort={{ field: "id", order: "DESC" }}
        perPage={10}
        pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
        empty={<Typography color="text.secondary">No change recorded by an admin or an operator.</Typography>}
      >
        <Datagrid rowClick={false} bulkActionButtons={false}>
          <DateField<AdminAuditEntry> source="createdAt" label="When" showTime sortable={false} />
          <TextField<AdminAuditEntry> source="actorName" label="Who" sortable={false} />
          <FunctionField<AdminAuditEntry> label="Via" render={(entry) => <ViaChip via={entry.via} />} />
          <FunctionField<AdminAuditEntry> label="What" render={(entry) => actionLabel(entry.action)} />
          <FunctionField<AdminAuditEntry> label="Before → after" render={(entry) => <AuditChanges entry={entry} />} />
        </Datagrid>
      </ReferenceManyField>
    </Box>
  );
};
