import PasswordTokenFlow from "../../components/PasswordTokenFlow";

/** /reset-password?token=… */
export default function ResetPasswordPage() {
  return <PasswordTokenFlow title="Reset Your Password" missingTokenMessage="No valid reset token found. Please request a new password reset link." />;
}
