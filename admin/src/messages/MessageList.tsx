import { Datagrid, DateField, List, NumberInput, ReferenceField, SearchInput, TextField, TextInput } from "react-admin";
import type { AdminMessage } from "@forgehire/core";
import { ListActions, ListPagination } from "../layout/ListActions";

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <TextInput key="roomId" source="roomId" label="Room id" />,
  <NumberInput key="jobId" source="jobId" label="Job id" />,
];

/** Every chat message, newest first. */
const MessageList = () => (
  <List<AdminMessage> actions={<ListActions />} pagination={<ListPagination />} filters={filters} sort={{ field: "createdAt", order: "DESC" }} perPage={50}>
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="senderName" label="From" sortable={false} />
      <TextField source="content" sortable={false} />
      <ReferenceField source="roomId" reference="chat-rooms" label="Room" link="show" sortable={false} />
      <DateField source="createdAt" label="Sent" showTime />
    </Datagrid>
  </List>
);

export default MessageList;
