import { useState } from "react";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Button from "@mui/material/Button";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import { useLocation, useNavigate } from "react-router";
import { errorMessage } from "../../api/client";
import { useUploadJobFiles } from "../../api/jobs";

/** A file the wizard could not attach after the job was saved, and the server's reason. */
export interface FailedUpload {
  file: File;
  reason: string;
}

/** The navigation state the wizard leaves for the job page when some files failed. */
export interface FailedUploadsState {
  failedUploads: FailedUpload[];
}

function failedUploadsOf(state: unknown): FailedUpload[] {
  const list = (state as Partial<FailedUploadsState> | null)?.failedUploads;
  return Array.isArray(list) ? list.filter((item) => item.file instanceof File) : [];
}

/**
 * On the job page after posting: which picked files did not get attached (the others did), each with the reason
 * and a Retry. The files travel in the history entry's state (Files survive structured cloning), so a reload
 * still offers the retry.
 */
export default function FailedUploads({ jobId }: { jobId: number }) {
  const location = useLocation();
  const navigate = useNavigate();
  const upload = useUploadJobFiles();
  const [failed, setFailed] = useState(() => failedUploadsOf(location.state));
  const [retrying, setRetrying] = useState<string | null>(null);

  const update = (next: FailedUpload[]) => {
    setFailed(next);
    // The history entry follows, so that a reload or Back does not offer files that are attached by now.
    void navigate(location.pathname + location.search, { replace: true, state: next.length > 0 ? { failedUploads: next } : null });
  };

  const retry = async (item: FailedUpload) => {
    setRetrying(item.file.name);
    try {
      await upload.mutateAsync({ id: jobId, files: [item.file] });
      update(failed.filter((other) => other !== item));
    } catch (error) {
      update(failed.map((other) => (other === item ? { ...other, reason: errorMessage(error) } : other)));
    } finally {
      setRetrying(null);
    }
  };

  if (failed.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 3 }} aria-label="Files not attached">
      <AlertTitle>{failed.length === 1 ? "One file was not attached" : `${failed.length} files were not attached`}</AlertTitle>
      The requirement and its other files are saved.
      <List dense disablePadding>
        {failed.map((item) => (
          <ListItem
            key={item.file.name}
            disableGutters
            secondaryAction={
              <Button size="small" color="inherit" variant="outlined" onClick={() => void retry(item)} disabled={retrying !== null}>
                {retrying === item.file.name ? "Retrying..." : `Retry ${item.file.name}`}
              </Button>
            }
          >
            <ListItemText primary={item.file.name} secondary={item.reason} sx={{ pr: 20 }} />
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}
