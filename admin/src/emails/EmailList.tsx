import { Datagrid, DateField, FunctionField, List, NumberInput, ReferenceField, SearchInput, SelectInput, TextField } from "react-admin";
import SendIcon from "@mui/icons-material/Send";
import type { AdminEmail } from "@forgehire/core";
import { BulkOperationButton } from "../layout/BulkOperationButton";
import { EmailStatusChip, ResendButton } from "./EmailStatus";
import { emailStatusChoices } from "./types";
import { ListActions, ListPagination } from "../layout/ListActions";

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={emailStatusChoices} alwaysOn />,
  <NumberInput key="jobId" source="jobId" label="Job id" />,
];

/** The outbox: every e-mail the platform sent or tried to send, with its delivery status. */
const EmailList = () => (
  <List<AdminEmail> actions={<ListActions />} pagination={<ListPagination />} filters={filters} sort={{ field: "createdAt", order: "DESC" }} perPage={25}>
    <Datagrid
      rowClick="show"
      bulkActionButtons={
        <BulkOperationButton
          resource="emails"
          action="resend"
          label="Resend"
          done="queued again"
          icon={<SendIcon />}
          confirmTitle="Resend %{count} e-mails?"
          confirmContent="Each failed e-mail is queued again; one that was sent, or carried a one-time link, is refused and says why."
        />
      }
    >
      <TextField source="to" />
      <TextField source="subject" />
      <TextField source="kind" />
      <FunctionField source="status" label="Status" render={() => <EmailStatusChip />} />
      <ReferenceField source="jobId" reference="jobs" label="Job" link="show" sortable={false} emptyText="—" />
      <DateField source="createdAt" label="Created" showTime />
      <DateField source="sentAt" label="Sent" showTime emptyText="—" />
      <FunctionField label="Actions" render={() => <ResendButton />} />
    </Datagrid>
  </List>
);

export default EmailList;
