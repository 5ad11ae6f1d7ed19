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
import BlockIcon from "@mui/icons-material/Block";
import CheckCircleOutlineIcon from "@mui/icons-material/CheckCircleOutline";
import type { AdminUser } from "@forgehire/core";
import { BulkOperationButton } from "../layout/BulkOperationButton";
import { roleTypeChoices, userTypeChoices } from "./types";
import { ListActions, ListPagination } from "../layout/ListActions";

// API.md: list filters travel as filter={"q":"…"}; the server decides which columns q searches.
const userFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="userType" source="userType" label="User type" choices={userTypeChoices} />,
  <NullableBooleanInput key="disabled" source="disabled" label="Disabled" />,
];

/** Disable or enable the selected accounts, each through the single edit (your own account is refused, and says so). */
const UserBulkActions = () => (
  <>
    <BulkOperationButton
      resource="users"
      action="disable"
      label="Disable"
      done="disabled"
      icon={<BlockIcon />}
      confirmTitle="Disable %{count} accounts?"
      confirmContent="They are signed out everywhere at once and cannot sign in until enabled again. Your own account is never disabled."
    />
    <BulkOperationButton
      resource="users"
      action="enable"
      label="Enable"
      done="enabled"
      icon={<CheckCircleOutlineIcon />}
      confirmTitle="Enable %{count} accounts?"
      confirmContent="They can sign in again."
    />
  </>
);

/** Every account, newest first, searchable and sortable by each column. */
const UserList = () => (
  <List<AdminUser> actions={<ListActions />} pagination={<ListPagination />} filters={userFilters} sort={{ field: "createdAt", order: "DESC" }} perPage={25}>
    <Datagrid rowClick="edit" bulkActionButtons={<UserBulkActions />}>
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
