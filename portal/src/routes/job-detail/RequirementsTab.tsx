import { useState } from "react";
import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Grid from "@mui/material/Grid";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import EditOutlined from "@mui/icons-material/EditOutlined";
import ErrorOutline from "@mui/icons-material/ErrorOutline";
import InsertDriveFileOutlined from "@mui/icons-material/InsertDriveFileOutlined";
import Refresh from "@mui/icons-material/Refresh";
import { Link as RouterLink } from "react-router";
import { additionalServices, projectSpecificFieldDefinitions } from "@forgehire/core";
import type { Job, JobFile, Requirements } from "@forgehire/core";
import { formatCalendarDate, formatFileSize, formatMoney } from "../../lib/format";
import FilePreviewDialog from "./FilePreviewDialog";

const messages = {
  errorTitle: "Error Loading Requirements",
  error: "Failed to load requirements data. Please try again.",
  notSpecified: "Not specified",
  noAnswer: "No answer provided",
} as const;

interface RequirementsTabProps {
  job: Job;
  requirements: Requirements;
  /** True while the data is being fetched again. */
  refreshing: boolean;
  /** True when the last fetch failed. */
  failed: boolean;
  onRefresh: () => void;
}

/** The requirements tab of a job: every answer of the posting wizard, the follow-up questions and the files. */
export default function RequirementsTab({ job, requirements, refreshing, failed, onRefresh }: RequirementsTabProps) {
  const [previewing, setPreviewing] = useState<JobFile | null>(null);
  const chosenServices = additionalServices.filter(({ key }) => requirements.additionalServices[key]);
  const projectFields = projectSpecificFieldDefinitions.flatMap((definition) => {
    const value = requirements.projectSpecificFields[definition.key];
    if (value === true) return [{ label: definition.label, value: "Yes" }];
    if (typeof value === "string" && value.trim() !== "") return [{ label: definition.label, value }];
    return [];
  });

  return (
    <Stack spacing={3}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, flexWrap: "wrap" }}>
        <Typography variant="h5" component="h2">
          Requirements
        </Typography>
        <Stack direction="row" spacing={1.5}>
          <Button
            variant="outlined"
            onClick={onRefresh}
            disabled={refreshing}
            startIcon={refreshing ? <CircularProgress size={16} aria-hidden /> : <Refresh />}
          >
            Refresh Data
          </Button>
          {job.can.edit && (
            <Button variant="contained" component={RouterLink} to={`/post-job?edit=${job.id}`} startIcon={<EditOutlined />}>
              Edit/Add Requirements
            </Button>
          )}
        </Stack>
      </Box>

      {failed ? (
        <RequirementsErrorCard onRetry={onRefresh} />
      ) : (
        <>
          <Section title="Basic Information">
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 4 }}>
                <Field label="Industry" value={requirements.industry || job.industry} />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <Field label="Budget" value={formatMoney(job.budget)} />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <Field label="Expected Delivery Date" value={formatCalendarDate(job.expectedDeliveryDate)} />
              </Grid>
            </Grid>
          </Section>

          <Section title="Additional Services">
            {chosenServices.length === 0 ? (
              <Typography color="text.secondary">No additional services were chosen.</Typography>
            ) : (
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
                {chosenServices.map(({ key, label }) => (
                  <Chip key={key} label={label} color="primary" variant="outlined" />
                ))}
              </Stack>
            )}
            {requirements.additionalServices.customTechStack && (
              <Box sx={{ mt: 2 }}>
                <Field label="Custom Tech Stack" value={requirements.customTechStack} />
              </Box>
            )}
          </Section>

          <Section title="Core Requirements">
            <Grid container spacing={2.5}>
              <Grid size={{ xs: 12, md: 6 }}>
                <Field label="Target Audience" value={requirements.targetAudience} />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <Field label="User Categories" value={requirements.userCategories.length > 0 ? <ChipList items={requirements.userCategories} /> : null} />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <Field label="Key Features" value={requirements.keyFeatures} />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <Field label="Stakeholders" value={requirements.stakeholders} />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <Field label="Existing Systems" value={requirements.existingSystems} />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <Field label="Integrations" value={requirements.integrationSystems.length > 0 ? <ChipList items={requirements.integrationSystems} /> : null} />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <Field label="Compliance Types" value={requirements.complianceTypes.length > 0 ? <ChipList items={requirements.complianceTypes} /> : null} />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <Field label="Compliance Notes" value={requirements.complianceRequirements} />
              </Grid>
            </Grid>
          </Section>

          <Section title="Project Specific Requirements">
            {projectFields.length === 0 ? (
              <Typography color="text.secondary">No project-specific requirements were given.</Typography>
            ) : (
              <Grid container spacing={2.5}>
                {projectFields.map(({ label, value }) => (
                  <Grid key={label} size={{ xs: 12, md: 6 }}>
                    <Field label={label} value={value} />
                  </Grid>
                ))}
              </Grid>
            )}
          </Section>

          <Section title="Additional Questions">
            {requirements.answers.length === 0 ? (
              <Typography color="text.secondary">No follow-up questions were answered.</Typography>
            ) : (
              <Stack spacing={2.5} component="ol" sx={{ m: 0, p: 0, listStyle: "none" }}>
                {requirements.answers.map((entry, index) => (
                  <Box component="li" key={entry.questionId}>
                    <Typography variant="caption" color="primary" sx={{ fontWeight: 700 }}>
                      Question #{index + 1}
                    </Typography>
                    <Typography sx={{ fontWeight: 600 }}>{entry.question}</Typography>
                    {entry.answer.trim() ? (
                      <Typography color="text.secondary" sx={{ whiteSpace: "pre-wrap" }}>
                        {entry.answer}
                      </Typography>
                    ) : (
                      <Typography color="text.disabled" sx={{ fontStyle: "italic" }}>
                        {messages.noAnswer}
                      </Typography>
                    )}
                  </Box>
                ))}
              </Stack>
            )}
          </Section>

          <Section title="Attached Files">
            {requirements.files.length === 0 ? (
              <Typography color="text.secondary">No files are attached.</Typography>
            ) : (
              <List aria-label="Attached files" disablePadding>
                {requirements.files.map((file) => (
                  <ListItem key={file.id} disablePadding>
                    <ListItemButton onClick={() => setPreviewing(file)} sx={{ borderRadius: 2 }}>
                      <ListItemIcon sx={{ minWidth: 40 }}>
                        <InsertDriveFileOutlined color="primary" />
                      </ListItemIcon>
                      <ListItemText primary={file.name} secondary={formatFileSize(file.size)} />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            )}
          </Section>
        </>
      )}
      <FilePreviewDialog file={previewing} onClose={() => setPreviewing(null)} />
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <Card component="section" aria-labelledby={id} sx={{ boxShadow: "none" }}>
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography variant="h6" component="h3" id={id} sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  const empty = value === null || value === undefined || (typeof value === "string" && value.trim() === "");
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: "block", fontWeight: 600, textTransform: "uppercase", letterSpacing: "0.04em" }}>
        {label}
      </Typography>
      {empty ? (
        <Typography color="text.disabled">{messages.notSpecified}</Typography>
      ) : typeof value === "string" ? (
        <Typography sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{value}</Typography>
      ) : (
        <Box sx={{ mt: 0.5 }}>{value}</Box>
      )}
    </Box>
  );
}

function ChipList({ items }: { items: readonly string[] }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
      {items.map((item) => (
        <Chip key={item} label={item} size="small" />
      ))}
    </Stack>
  );
}

/** The requirements tab's placeholder while the job loads. */
export function RequirementsSkeleton() {
  return (
    <Stack spacing={3} role="status" aria-label="Loading requirements">
      {[0, 1, 2].map((index) => (
        <Card key={index} sx={{ boxShadow: "none" }}>
          <CardContent>
            <Skeleton width="30%" height={32} />
            <Skeleton />
            <Skeleton width="80%" />
            <Skeleton width="60%" />
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * 'Error Loading Requirements' with 'Try Again'.
 * @param heading "h1" when the card is all the page shows (the job itself failed to load), so the page keeps a title
 */
export function RequirementsErrorCard({ message = messages.error, onRetry, heading = "p" }: { message?: string; onRetry: () => void; heading?: "h1" | "p" }) {
  return (
    <Card role="alert" sx={{ borderColor: "error.light" }}>
      <CardContent sx={{ display: "flex", gap: 2, alignItems: "flex-start", p: { xs: 2.5, md: 3 } }}>
        <ErrorOutline color="error" aria-hidden />
        <Box sx={{ flex: 1 }}>
          <Typography variant="h6" component={heading}>
            {messages.errorTitle}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {message}
          </Typography>
          <Button variant="contained" onClick={onRetry}>
            Try Again
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
