import { useState, type FormEvent } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import DeleteOutline from "@mui/icons-material/DeleteOutline";
import EditOutlined from "@mui/icons-material/EditOutlined";
import { useSnackbar } from "notistack";
import type { Portfolio } from "@forgehire/core";
import { errorMessage, isApiError } from "../../api/client";
import { useAddPortfolio, useRemovePortfolio, useUpdatePortfolio } from "../../api/freelancers";
import ToastMessage from "../../components/ToastMessage";

const emptyCard = { title: "", description: "", imageUrl: "", projectUrl: "" };
type Card = typeof emptyCard;

const cardOf = (item: Portfolio): Card => ({
  title: item.title,
  description: item.description,
  imageUrl: item.imageUrl ?? "",
  projectUrl: item.projectUrl ?? "",
});

/**
 * The freelancer's portfolio cards: each can be edited in the form below or removed; the same form adds a new
 * one when none is being edited.
 */
export default function PortfolioItems({ items }: { items: readonly Portfolio[] }) {
  const { enqueueSnackbar } = useSnackbar();
  const addPortfolio = useAddPortfolio();
  const updatePortfolio = useUpdatePortfolio();
  const removePortfolio = useRemovePortfolio();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [card, setCard] = useState<Card>(emptyCard);
  const [cardFields, setCardFields] = useState<Record<string, string>>({});
  const saving = addPortfolio.isPending || updatePortfolio.isPending;

  const showError = (error: unknown) => {
    if (isApiError(error)) setCardFields(error.fields);
    enqueueSnackbar(<ToastMessage title="Error" message={errorMessage(error)} />, { variant: "error" });
  };
  const reset = () => {
    setEditingId(null);
    setCard(emptyCard);
    setCardFields({});
  };
  const startEditing = (item: Portfolio) => {
    setEditingId(item.id);
    setCard(cardOf(item));
    setCardFields({});
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (editingId === null) addPortfolio.mutate(card, { onSuccess: reset, onError: showError });
    else updatePortfolio.mutate({ id: editingId, body: card }, { onSuccess: reset, onError: showError });
  };
  const handleRemove = (item: Portfolio) => () =>
    removePortfolio.mutate(item.id, {
      onSuccess: () => {
        if (editingId === item.id) reset();
      },
      onError: showError,
    });

  return (
    <Paper sx={{ p: { xs: 2, md: 4 } }}>
      <Typography variant="h6" gutterBottom>
        Portfolio Items
      </Typography>
      <List aria-label="Portfolio items">
        {items.map((item) => (
          <ListItem
            key={item.id}
            secondaryAction={
              <>
                <IconButton aria-label={`Edit ${item.title}`} onClick={() => startEditing(item)}>
                  <EditOutlined />
                </IconButton>
                <IconButton edge="end" aria-label={`Remove ${item.title}`} onClick={handleRemove(item)}>
                  <DeleteOutline />
                </IconButton>
              </>
            }
            sx={{ pr: 12, bgcolor: item.id === editingId ? "action.selected" : undefined }}
          >
            <ListItemText primary={item.title} secondary={item.description} />
          </ListItem>
        ))}
      </List>
      <Divider sx={{ my: 2 }} />
      <Box component="form" onSubmit={handleSubmit} noValidate aria-label={editingId === null ? "New portfolio item" : "Edit portfolio item"}>
        <Stack spacing={2}>
          <TextField label="Item Title" required value={card.title} onChange={(e) => setCard({ ...card, title: e.target.value })} error={Boolean(cardFields.title)} helperText={cardFields.title} />
          <TextField label="Description" multiline minRows={2} value={card.description} onChange={(e) => setCard({ ...card, description: e.target.value })} />
          <TextField label="Image URL" value={card.imageUrl} onChange={(e) => setCard({ ...card, imageUrl: e.target.value })} error={Boolean(cardFields.imageUrl)} helperText={cardFields.imageUrl} />
          <TextField label="Project Link" value={card.projectUrl} onChange={(e) => setCard({ ...card, projectUrl: e.target.value })} error={Boolean(cardFields.projectUrl)} helperText={cardFields.projectUrl} />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="outlined" disabled={saving || card.title.trim() === ""}>
              {editingId === null ? "Add Portfolio Item" : "Save Portfolio Item"}
            </Button>
            {editingId !== null && (
              <Button onClick={reset} disabled={saving}>
                Cancel
              </Button>
            )}
          </Stack>
        </Stack>
      </Box>
    </Paper>
  );
}
