import { Datagrid, DateField, EmailField, List, SearchInput, SelectField, TextField } from "react-admin";
import { roleTypeChoices, userTypeChoices, type AdminUser } from "./types";

// API.md: list filters travel as filter={"q":"…"}; the server decides which columns q searches.
const userFilters = [<SearchInput key="q" source="q" alwaysOn />];

/** Every account, newest first, searchable and sortable by each column. */
export const UserList = () => (
  <List<AdminUser> filters={userFilters} sort={{ field: "createdAt", order: "DESC" }} perPage={25}>
    {/* Read-only for now: no show/edit views and no bulk delete until the API grows them. */}
    <Datagrid rowClick={false} bulkActionButtons={false}>
      <EmailField<AdminUser> source="email" />
      <TextField<AdminUser> source="firstName" label="First name" />
      <TextField<AdminUser> source="lastName" label="Last name" />
      <SelectField<AdminUser> source="userType" label="User type" choices={userTypeChoices} />
      <SelectField<AdminUser> source="roleType" label="Role" choices={roleTypeChoices} />
      <DateField<AdminUser> source="createdAt" label="Created" showTime />
    </Datagrid>
  </List>
);
