import Box from "@mui/material/Box";

interface ToastMessageProps {
  title: string;
  message: string;
}

/** The body of a toast that has a title and a message, e.g. 'Missing fields' / 'Please fill all required fields…'. */
export default function ToastMessage({ title, message }: ToastMessageProps) {
  return (
    <Box>
      <Box component="strong" sx={{ display: "block", fontWeight: 700 }}>
        {title}
      </Box>
      <Box component="span">{message}</Box>
    </Box>
  );
}
