import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import DeleteOutline from "@mui/icons-material/DeleteOutline";
import EditOutlined from "@mui/icons-material/EditOutlined";
import { useSnackbar } from "notistack";
import { useForm, useWatch } from "react-hook-form";
import { portfolioBody } from "@forgehire/core";
import type { Portfolio, PortfolioBody } from "@forgehire/core";
import { errorMessage, isApiError } from "../../api/client";
import { useAddPortfolio, useRemovePortfolio, useUpdatePortfolio } from "../../api/freelancers";
import FormTextField from "../../components/FormTextField";
import ToastMessage from "../../components/ToastMessage";
import { schemaResolver, setServerFieldErrors } from "../../lib/form-errors";

const emptyCard = { title: "", description: "", imageUrl: "", projectUrl: "" };
type Card = typeof emptyCard;
const cardFields = ["title", "description", "imageUrl", "projectUrl"] as const;
// A card is added and edited with the same rules (an edit sends every field), so one schema checks both.
const resolver = schemaResolver<Card, typeof portfolioBody>(portfolioBody, { fields: cardFields });

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
  const form = useForm<Card, unknown, PortfolioBody>({ defaultValues: emptyCard, resolver });
  const { control, handleSubmit, setError } = form;
  const title = useWatch({ control, name: "title" });
  const saving = addPortfolio.isPending || updatePortfolio.isPending;

  const showError = (error: unknown) => {
    if (isApiError(error)) setServerFieldErrors(setError, error.fields, cardFields);
    enqueueSnackbar(<ToastMessage title="Error" message={errorMessage(error)} />, { variant: "error" });
  };
  const reset = () => {
    setEditingId(null);
    form.reset(emptyCard);
  };
  const startEditing = (item: Portfolio) => {
    setEditingId(item.id);
    form.reset(cardOf(item));
  };

  const handleSave = (body: PortfolioBody) => {
    if (editingId === null) addPortfolio.mutate(body, { onSuccess: reset, onError: showError });
    else updatePortfolio.mutate({ id: editingId, body }, { onSuccess: reset, onError: showError });
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
      <Typography variant="h6" component="h2" gutterBottom>
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
      <Box
        component="form"
        onSubmit={(event) => void handleSubmit(handleSave)(event)}
        noValidate
        aria-label={editingId === null ? "New portfolio item" : "Edit portfolio item"}
      >
        <Stack spacing={2}>
          <FormTextField control={control} name="title" label="Item Title" required />
          <FormTextField control={control} name="description" label="Description" multiline minRows={2} />
          <FormTextField control={control} name="imageUrl" label="Image URL" />
          <FormTextField control={control} name="projectUrl" label="Project Link" />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="outlined" disabled={saving || title.trim() === ""}>
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
