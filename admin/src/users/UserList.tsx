import {
  BooleanField,
  Datagrid,
  DateField,
  EditButton,
  EmailField,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
  WrapperField,
} from "react-admin";
import type { AdminUser } from "@forgehire/core";
import { roleTypeChoices, userTypeChoices } from "./types";
import { ListActions, ListPagination } from "../layout/ListActions";

// API.md: list filters travel as filter={"q":"…"}; the server decides which columns q searches.
const userFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="userType" source="userType" label="User type" choices={userTypeChoices} />,
  <NullableBooleanInput key="disabled" source="disabled" label="Disabled" />,
];

/** Every account, newest first, searchable and sortable by each column. */
const UserList = () => (
  <List<AdminUser> actions={<ListActions />} pagination={<ListPagination />} filters={userFilters} sort={{ field: "createdAt", order: "DESC" }} perPage={25}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <EmailField<AdminUser> source="email" />
      <TextField<AdminUser> source="firstName" label="First name" />
      <TextField<AdminUser> source="lastName" label="Last name" />
      <SelectField<AdminUser> source="userType" label="User type" choices={userTypeChoices} />
      <SelectField<AdminUser> source="roleType" label="Role" choices={roleTypeChoices} />
      <BooleanField<AdminUser> source="disabled" sortable={false} />
      <DateField<AdminUser> source="createdAt" label="Created" showTime />
      {/* A named column: an empty header cell says nothing to a screen reader. */}
      <WrapperField label="Actions">
        <EditButton />
      </WrapperField>
    </Datagrid>
  </List>
);

export default UserList;
