import { Box, Stack } from "@mui/material";
import {
  BooleanField,
  DateField,
  Edit,
  EmailField,
  Labeled,
  ListButton,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  TopToolbar,
  required,
  useGetIdentity,
  useRecordContext,
} from "react-admin";
import { errorCatalogue, type AdminUser } from "@forgehire/core";
import { RecordHistory } from "../audit-log/RecordHistory";
import { DisableButton, SendResetButton } from "./UserActions";
import { userTypeChoices } from "./types";

const UserEditActions = () => (
  <TopToolbar>
    <SendResetButton />
    <DisableButton />
    <ListButton />
  </TopToolbar>
);

// The server reads only these: the email is the login and is never changed here; disabling has its own button.
const editable = ({ firstName, lastName, userType }: AdminUser) => ({ firstName, lastName, userType });

/**
 * The account's type. On one's own account it is read only, with the reason: the server refuses an admin changing
 * their own type (CANNOT_DEMOTE_SELF), so the form says so before a Save rather than after.
 */
const UserTypeInput = () => {
  const record = useRecordContext<AdminUser>();
  const { identity } = useGetIdentity();
  const own = Boolean(record && identity && record.id === identity.id);
  return (
    <SelectInput
      source="userType"
      label="User type"
      choices={userTypeChoices}
      validate={required()}
      disabled={own}
      helperText={own ? errorCatalogue.CANNOT_DEMOTE_SELF.message : false}
    />
  );
};

/** An account's names and type, with Disable/Enable and Send password reset, and its History of admin changes. */
const UserEdit = () => (
  <Edit<AdminUser> actions={<UserEditActions />} mutationMode="pessimistic" transform={editable}>
    {/* No Delete: accounts are disabled, never deleted (their jobs, payments and messages stay theirs). */}
    <SimpleForm
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <Stack direction="row" spacing={4}>
        <Labeled label="Email">
          <EmailField source="email" />
        </Labeled>
        <Labeled label="Disabled">
          <BooleanField source="disabled" />
        </Labeled>
        <Labeled label="Created">
          <DateField source="createdAt" showTime />
        </Labeled>
      </Stack>
      <TextInput source="firstName" label="First name" validate={required()} />
      <TextInput source="lastName" label="Last name" validate={required()} />
      <UserTypeInput />
    </SimpleForm>
    <Box sx={{ px: 2, pb: 2 }}>
      <RecordHistory resource="users" />
    </Box>
  </Edit>
);

export default UserEdit;
