import { DateField, FunctionField, Labeled, ReferenceField, Show, SimpleShowLayout, TextField, TopToolbar } from "react-admin";
import type { AdminEmail } from "@forgehire/core";
import { EmailStatusChip, ResendButton } from "./EmailStatus";

/** One e-mail as sent: recipient, subject, text and delivery status. */
const EmailShow = () => (
  <Show<AdminEmail>
    actions={
      <TopToolbar>
        <ResendButton />
      </TopToolbar>
    }
  >
    <SimpleShowLayout>
      <TextField source="to" />
      <TextField source="subject" />
      <TextField source="kind" />
      <Labeled label="Status">
        <EmailStatusChip />
      </Labeled>
      <TextField source="error" label="Delivery error" emptyText="—" />
      <ReferenceField source="jobId" reference="jobs" label="Job" link="show" emptyText="—" />
      <ReferenceField source="senderId" reference="users" label="Sent by" link="edit" emptyText="—" />
      <FunctionField<AdminEmail>
        label="Text"
        render={(record) => <pre style={{ whiteSpace: "pre-wrap", margin: 0, fontFamily: "inherit" }}>{record.text}</pre>}
      />
      <DateField source="createdAt" label="Created" showTime />
      <DateField source="sentAt" label="Sent" showTime emptyText="—" />
    </SimpleShowLayout>
  </Show>
);

export default EmailShow;
