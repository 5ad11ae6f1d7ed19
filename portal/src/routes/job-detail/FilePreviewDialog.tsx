import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Typography from "@mui/material/Typography";
import OpenInNew from "@mui/icons-material/OpenInNew";
import type { JobFile } from "@forgehire/core";
import { formatFileSize } from "../../lib/format";

type PreviewKind = "image" | "frame" | "none";

/** Images show as images; PDFs and plain text in a frame; Word and ZIP files cannot be shown in a page. */
function previewKind(name: string): PreviewKind {
  const extension = name.toLowerCase().split(".").pop() ?? "";
  if (["png", "jpg", "jpeg", "webp"].includes(extension)) return "image";
  if (["pdf", "txt", "md", "csv"].includes(extension)) return "frame";
  return "none";
}

interface FilePreviewDialogProps {
  file: JobFile | null;
  onClose: () => void;
}

/** An attached file in a dialog 80% of the viewport high, with Close and Open in New Tab. */
export default function FilePreviewDialog({ file, onClose }: FilePreviewDialogProps) {
  const kind = file ? previewKind(file.name) : "none";
  return (
    <Dialog
      open={file !== null}
      onClose={onClose}
      maxWidth="lg"
      fullWidth
      aria-labelledby="file-preview-title"
      slotProps={{ paper: { sx: { height: "80vh" } } }}
    >
      <DialogTitle id="file-preview-title" sx={{ pr: 3, overflowWrap: "anywhere" }}>
        {file?.name}
        {file && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1.5 }}>
            {formatFileSize(file.size)}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0, display: "flex", bgcolor: "background.default" }}>
        {file && kind === "image" && (
          <Box component="img" src={file.url} alt={file.name} sx={{ m: "auto", maxWidth: "100%", maxHeight: "100%", objectFit: "contain" }} />
        )}
        {file && kind === "frame" && (
          <Box component="iframe" src={file.url} title={`Preview of ${file.name}`} sx={{ border: 0, width: "100%", height: "100%", bgcolor: "#fff" }} />
        )}
        {file && kind === "none" && (
          <Typography color="text.secondary" sx={{ m: "auto", p: 4, textAlign: "center" }}>
            No preview is available for this type of file. Use Open in New Tab to download it.
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>Close</Button>
        {file && (
          <Button component="a" href={file.url} target="_blank" rel="noopener noreferrer" variant="contained" endIcon={<OpenInNew />}>
            Open in New Tab
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
