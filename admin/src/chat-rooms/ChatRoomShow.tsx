import { Datagrid, DateField, NumberField, ReferenceField, ReferenceManyField, Show, SimpleShowLayout, TextField, Pagination } from "react-admin";
import type { AdminChatRoom } from "@forgehire/core";

/** One room and its messages, oldest first. */
const ChatRoomShow = () => (
  <Show<AdminChatRoom>>
    <SimpleShowLayout>
      <TextField source="roomId" label="Room" />
      <ReferenceField source="clientId" reference="users" label="Client" link="edit" />
      <TextField source="freelancerName" label="Freelancer or admin" />
      <ReferenceField source="jobId" reference="jobs" label="Project" link="show" emptyText="Untitled Project" />
      <NumberField source="messageCount" label="Messages" />
      <DateField source="createdAt" label="Created" showTime />
      <ReferenceManyField
        reference="messages"
        target="roomId"
        label="Messages"
        sort={{ field: "createdAt", order: "ASC" }}
        perPage={50}
        pagination={<Pagination />}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="senderName" label="From" sortable={false} />
          <TextField source="content" sortable={false} />
          <DateField source="createdAt" label="Sent" showTime sortable={false} />
        </Datagrid>
      </ReferenceManyField>
    </SimpleShowLayout>
  </Show>
);

export default ChatRoomShow;
