import PasswordTokenFlow from "../../components/PasswordTokenFlow";

/** /change-password?token=…, where the recovery email links to. */
export default function ChangePasswordPage() {
  return (
    <PasswordTokenFlow title="Change Your Password" missingTokenMessage="No valid password change token found. Please request a new password reset link." />
  );
}
