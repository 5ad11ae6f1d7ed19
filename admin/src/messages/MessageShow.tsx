import { DateField, ReferenceField, Show, SimpleShowLayout, TextField } from "react-admin";
import type { AdminMessage } from "@forgehire/core";

/** One chat message (read only). */
const MessageShow = () => (
  <Show<AdminMessage>>
    <SimpleShowLayout>
      <TextField source="content" />
      <ReferenceField source="senderId" reference="users" label="From" link="edit" emptyText="—" />
      <ReferenceField source="receiverId" reference="users" label="To" link="edit" emptyText="—" />
      <ReferenceField source="roomId" reference="chat-rooms" label="Room" link="show" />
      <ReferenceField source="jobId" reference="jobs" label="Project" link="show" emptyText="—" />
      <DateField source="createdAt" label="Sent" showTime />
    </SimpleShowLayout>
  </Show>
);

export default MessageShow;
