import { Datagrid, DateField, FunctionField, List, NumberField, NumberInput, ReferenceField, SearchInput, TextField } from "react-admin";
import type { AdminChatRoom } from "@forgehire/core";
import { ListActions, ListPagination } from "../layout/ListActions";

const filters = [<SearchInput key="q" source="q" alwaysOn />, <NumberInput key="jobId" source="jobId" label="Job id" />];

/** Every chat room, latest activity first; q searches the client's name, the project's title and the last message. */
const ChatRoomList = () => (
  <List<AdminChatRoom>
    actions={<ListActions />}
    pagination={<ListPagination />}
    filters={filters}
    sort={{ field: "lastMessageAt", order: "DESC" }}
    perPage={25}
  >
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="clientName" label="Client" sortable={false} />
      <TextField source="freelancerName" label="Freelancer or admin" sortable={false} />
      <ReferenceField source="jobId" reference="jobs" label="Project" link="show" sortable={false} emptyText="Untitled Project" />
      <FunctionField<AdminChatRoom> label="Last message" render={(record) => record.lastMessage?.content ?? "—"} />
      <NumberField source="messageCount" label="Messages" sortable={false} />
      <DateField source="lastMessageAt" label="Last activity" showTime emptyText="—" />
    </Datagrid>
  </List>
);

export default ChatRoomList;
