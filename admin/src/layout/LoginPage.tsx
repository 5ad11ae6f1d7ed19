import { Login, LoginForm, PasswordInput, TextInput, required } from "react-admin";

const requiredValue = required();

/** react-admin's login page; its username field holds the email the portal signs in with. */
export const LoginPage = () => (
  <Login>
    <LoginForm>
      <TextInput autoFocus source="username" label="Email" type="email" autoComplete="username" validate={requiredValue} />
      <PasswordInput source="password" label="Password" autoComplete="current-password" validate={requiredValue} />
    </LoginForm>
  </Login>
);
