import { useState, type ReactNode } from "react";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Grid from "@mui/material/Grid";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import AutoAwesome from "@mui/icons-material/AutoAwesome";
import type { WizardEnhanceInput, WizardEnhancement } from "@forgehire/core";
import { useCatalog, useEnhanceRequirements } from "../../api/catalog";
import { isApiError, UNEXPECTED_RESPONSE } from "../../api/client";

const messages = {
  button: "Enhance with AI",
  working: "Enhancing...",
  hint: "Get a clearer description and key-feature list from the AI; you decide whether to use them.",
  needsText: "Fill in the title and description first.",
  failedTitle: "Could not enhance",
  failed: "The enhancement could not be made. Please try again.",
  dialogTitle: "The AI's proposal",
  dialogIntro: "Accept to put the proposal in the form, or reject it to keep what you wrote.",
  accepted: "The proposal is in the form: the description above, and the key features on step 2 (Users & Features).",
  before: "Yours",
  after: "Proposed",
  none: "None yet",
} as const;

/** The wizard's text the AI improves on; the form's own state fits as is. */
export type EnhanceValues = Pick<WizardEnhanceInput, "title" | "description"> & {
  keyFeatures: string;
  industry: string;
  scope: number | null;
  targetAudience: string;
};

interface EnhanceWithAiProps {
  values: EnhanceValues;
  /** Called with the proposal when the client accepts it: put both fields into the form. */
  onAccept: (proposal: WizardEnhancement) => void;
}

/**
 * "Enhance with AI" (the how-it-works journey's second step): asks the server for a clearer description and
 * key-feature list, shows it beside the client's own text, and fills the form only on Accept. Renders nothing when
 * the server has no AI configured (`features.aiEnhance` of the catalogue).
 */
export default function EnhanceWithAi({ values, onAccept }: EnhanceWithAiProps) {
  const catalog = useCatalog();
  const enhance = useEnhanceRequirements();
  const [proposal, setProposal] = useState<{ before: EnhanceValues; after: WizardEnhancement } | null>(null);
  const [accepted, setAccepted] = useState(false);
  if (!catalog.data?.features.aiEnhance) return null;

  const ready = values.title.trim() !== "" && values.description.trim() !== "";
  const handleEnhance = () => {
    const before = values;
    setAccepted(false);
    enhance.mutate(
      {
        title: before.title,
        description: before.description,
        keyFeatures: before.keyFeatures,
        industry: before.industry,
        scope: before.scope,
        targetAudience: before.targetAudience,
      },
      { onSuccess: (after) => setProposal({ before, after }) },
    );
  };
  const handleAccept = () => {
    if (proposal) onAccept(proposal.after);
    setAccepted(proposal !== null);
    setProposal(null);
    enhance.reset();
  };
  const handleReject = () => {
    setProposal(null);
    enhance.reset();
  };

  const error = enhance.error;
  const refusal = isApiError(error) && error.code !== UNEXPECTED_RESPONSE ? error : null;
  return (
    <Box>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
        <Button
          variant="outlined"
          startIcon={enhance.isPending ? <CircularProgress size={18} aria-hidden /> : <AutoAwesome />}
          disabled={!ready || enhance.isPending}
          onClick={handleEnhance}
          aria-describedby="enhance-with-ai-hint"
        >
          {enhance.isPending ? messages.working : messages.button}
        </Button>
        <Typography id="enhance-with-ai-hint" variant="body2" color="text.secondary">
          {ready ? messages.hint : messages.needsText}
        </Typography>
      </Box>
      {accepted && (
        <Alert severity="success" sx={{ mt: 2 }} onClose={() => setAccepted(false)}>
          {messages.accepted}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 2 }} onClose={() => enhance.reset()}>
          <AlertTitle>{refusal?.title ?? messages.failedTitle}</AlertTitle>
          {refusal?.message ?? messages.failed}
        </Alert>
      )}
      <Dialog open={proposal !== null} onClose={handleReject} maxWidth="md" fullWidth aria-labelledby="enhance-with-ai-title">
        <DialogTitle id="enhance-with-ai-title">{messages.dialogTitle}</DialogTitle>
        {proposal && (
          <DialogContent>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {messages.dialogIntro}
            </Typography>
            <Comparison
              label="Description"
              before={<Paragraphs text={proposal.before.description} />}
              after={<Paragraphs text={proposal.after.description} />}
            />
            <Comparison
              label="Key Features"
              before={<FeatureList text={proposal.before.keyFeatures} other={proposal.after.keyFeatures} mark="removed" />}
              after={<FeatureList text={proposal.after.keyFeatures} other={proposal.before.keyFeatures} mark="added" />}
            />
          </DialogContent>
        )}
        <DialogActions>
          <Button onClick={handleReject}>Reject</Button>
          <Button variant="contained" onClick={handleAccept}>
            Accept
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** One field's text before and after, side by side (stacked on a phone). */
function Comparison({ label, before, after }: { label: string; before: ReactNode; after: ReactNode }) {
  return (
    <Box component="section" aria-label={label} sx={{ mb: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {label}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Side title={messages.before} tone="before">
            {before}
          </Side>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Side title={messages.after} tone="after">
            {after}
          </Side>
        </Grid>
      </Grid>
    </Box>
  );
}

function Side({ title, tone, children }: { title: string; tone: "before" | "after"; children: ReactNode }) {
  return (
    <Box
      aria-label={title}
      role="group"
      sx={{
        height: "100%",
        p: 1.5,
        borderRadius: 1,
        border: 1,
        borderColor: tone === "after" ? "success.light" : "divider",
        bgcolor: tone === "after" ? "rgba(46, 125, 50, 0.04)" : "background.default",
      }}
    >
      <Typography variant="overline" color="text.secondary">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Paragraphs({ text }: { text: string }) {
  return (
    <Stack spacing={1}>
      {text
        .split(/\n\s*\n/)
        .filter((paragraph) => paragraph.trim() !== "")
        .map((paragraph, index) => (
          <Typography key={index} variant="body2" sx={{ whiteSpace: "pre-line" }}>
            {paragraph.trim()}
          </Typography>
        ))}
    </Stack>
  );
}

const featureLines = (text: string) =>
  text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter((line) => line !== "");

/**
 * A key-feature list, one line each; the lines the other side lacks are marked (added on the proposal's side,
 * removed on the client's), as in a diff.
 */
function FeatureList({ text, other, mark }: { text: string; other: string; mark: "added" | "removed" }) {
  const lines = featureLines(text);
  const others = new Set(featureLines(other).map((line) => line.toLowerCase()));
  if (lines.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {messages.none}
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {lines.map((line, index) => {
        const changed = !others.has(line.toLowerCase());
        return (
          <Typography
            key={index}
            component="li"
            variant="body2"
            sx={changed ? (mark === "added" ? { color: "success.dark", fontWeight: 600 } : { color: "error.main", textDecoration: "line-through" }) : undefined}
          >
            {changed && (
              <Box component="span" sx={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}>
                {mark === "added" ? "Added: " : "Removed: "}
              </Box>
            )}
            {line}
          </Typography>
        );
      })}
    </Box>
  );
}
