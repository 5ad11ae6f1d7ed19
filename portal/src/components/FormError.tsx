import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";

interface FormErrorProps {
  /** The spec's title for this failure, e.g. "Failed to sign in". */
  title: string;
  message: string | null;
}

/** The inline error of a form: the failure's title and the server's (or the spec's fallback) message. */
export default function FormError({ title, message }: FormErrorProps) {
  if (!message) return null;
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
      <AlertTitle>{title}</AlertTitle>
      <div>{message}</div>
    </Alert>
  );
}
