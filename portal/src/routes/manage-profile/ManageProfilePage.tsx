import type { ChangeEvent } from "react";
import Alert from "@mui/material/Alert";
import Avatar from "@mui/material/Avatar";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import DeleteOutline from "@mui/icons-material/DeleteOutline";
import { useSnackbar } from "notistack";
import { Link as RouterLink, useNavigate } from "react-router";
import { useForm } from "react-hook-form";
import {
  MAX_AVATAR_BYTES,
  MAX_DOMAINS,
  MAX_PORTFOLIO_DOCUMENTS,
  MAX_SKILLS,
  domains,
  freelancerUpdateBody,
  languages,
  portfolioDocumentExtensions,
  skills,
  type FreelancerDetail,
  type FreelancerUpdateBody,
} from "@forgehire/core";
import { errorMessage, isApiError } from "../../api/client";
import { useMyFreelancerProfile, useRemoveDocument, useUpdateFreelancerProfile, useUploadAvatar, useUploadDocument } from "../../api/freelancers";
import FormTextField from "../../components/FormTextField";
import PageLoader from "../../components/PageLoader";
import { schemaResolver, setServerFieldErrors } from "../../lib/form-errors";
import { FormOptionPicker } from "../create-profile/OptionPicker";
import ProtectedRoute from "../../components/ProtectedRoute";
import ToastMessage from "../../components/ToastMessage";
import PortfolioItems from "./PortfolioItems";

const messages = {
  tooManyDocuments: "You can only upload up to 3 documents",
  badDocumentType: "Only .pdf, .doc, .docx files are allowed",
  uploadFailed: "Failed to upload document",
  removeFailed: "Failed to remove document",
  avatarTooLarge: "An avatar may be at most 2 MB.",
  notFound: "Could not find your freelancer profile",
  saved: "Your profile has been updated",
} as const;

/** The fields of this form, which a server refusal's dotted paths (e.g. `languages.1`) are placed on. */
const formFields = ["title", "bio", "hourlyRate", "skills", "domains", "languages"] as const;

/** The form's values: the rate as typed (core's schema reads the text), the pickers' choices. */
interface ProfileFormValues {
  title: string;
  bio: string;
  hourlyRate: string;
  skills: string[];
  domains: string[];
  languages: string[];
}

const resolver = schemaResolver<ProfileFormValues, typeof freelancerUpdateBody>(freelancerUpdateBody, { fields: formFields });

type PickerName = "skills" | "domains" | "languages";

const toastError = (message: string) => <ToastMessage title="Error" message={message} />;

function ProfileForm({ profile }: { profile: FreelancerDetail }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateFreelancerProfile();
  const uploadAvatar = useUploadAvatar();
  const uploadDocument = useUploadDocument();
  const removeDocument = useRemoveDocument();
  // The same pickers as Create Profile, over core's lists: no free text to mistype.
  const {
    control,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<ProfileFormValues, unknown, FreelancerUpdateBody>({
    defaultValues: {
      title: profile.title,
      bio: profile.bio,
      hourlyRate: String(profile.hourlyRate),
      skills: profile.skills,
      domains: profile.domains,
      languages: profile.languages,
    },
    resolver,
  });
  const unplaced = [errors.root?.message, errors.root?.server?.message].filter((message): message is string => Boolean(message));

  const handleSave = (body: FreelancerUpdateBody) => {
    update.mutate(body, {
      onSuccess: () => {
        enqueueSnackbar(<ToastMessage title="Success" message={messages.saved} />, { variant: "success" });
        void navigate("/freelancers");
      },
      onError: (error) => {
        const rest = isApiError(error) ? setServerFieldErrors(setError, error.fields, formFields) : [];
        if (rest.length > 0) setError("root.server", { type: "server", message: rest.join(" ") });
        enqueueSnackbar(toastError(errorMessage(error)), { variant: "error" });
      },
    });
  };

  /** A picker bound to its form field; a change clears the field's error at once, as the user has acted on it. */
  const picker = (name: PickerName, label: string, noun: string, options: readonly string[], max: number, required = true) => (
    <FormOptionPicker
      control={control}
      name={name}
      label={label}
      noun={noun}
      options={options}
      max={max}
      onPicked={() => clearErrors(name)}
      disabled={update.isPending}
      required={required}
    />
  );

  const handleAvatar = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (file.size > MAX_AVATAR_BYTES) return void enqueueSnackbar(toastError(messages.avatarTooLarge), { variant: "error" });
    uploadAvatar.mutate(file, { onError: (error) => enqueueSnackbar(toastError(errorMessage(error)), { variant: "error" }) });
  };

  const handleDocument = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (profile.portfolioDocs.length >= MAX_PORTFOLIO_DOCUMENTS) return void enqueueSnackbar(toastError(messages.tooManyDocuments), { variant: "error" });
    const extension = file.name.slice(file.name.lastIndexOf(".")).toLowerCase();
    if (!portfolioDocumentExtensions.includes(extension)) return void enqueueSnackbar(toastError(messages.badDocumentType), { variant: "error" });
    uploadDocument.mutate(file, {
      onError: (error) =>
        enqueueSnackbar(toastError(isApiError(error, "BAD_FILE_TYPE") || isApiError(error, "TOO_MANY_DOCUMENTS") ? error.message : messages.uploadFailed), {
          variant: "error",
        }),
    });
  };

  const handleRemoveDocument = (id: string) => () =>
    removeDocument.mutate(id, { onError: () => enqueueSnackbar(toastError(messages.removeFailed), { variant: "error" }) });

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Manage Your Profile
      </Typography>

      <Paper sx={{ p: { xs: 2, md: 4 }, mb: 3 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
          <Avatar src={profile.avatarUrl ?? undefined} alt={profile.name} sx={{ width: 72, height: 72 }}>
            {profile.name.charAt(0)}
          </Avatar>
          <Button variant="outlined" component="label" disabled={uploadAvatar.isPending}>
            {uploadAvatar.isPending ? "Uploading..." : "Upload Avatar"}
            <input hidden type="file" accept="image/png,image/jpeg,image/webp" aria-label="Avatar" onChange={handleAvatar} />
          </Button>
          <Typography variant="body2" color="text.secondary">
            PNG, JPEG or WebP, up to 2 MB
          </Typography>
        </Stack>
      </Paper>

      <Paper component="form" onSubmit={(event) => void handleSubmit(handleSave)(event)} noValidate sx={{ p: { xs: 2, md: 4 }, mb: 3 }}>
        <Stack spacing={3}>
          <FormTextField control={control} name="title" label="Professional Title" required />
          <FormTextField control={control} name="bio" label="Bio" required multiline minRows={4} />
          <FormTextField
            control={control}
            name="hourlyRate"
            label="Hourly Rate ($)"
            type="number"
            required
            slotProps={{ htmlInput: { min: 0, step: "0.01" } }}
          />
          <div>
            <Typography variant="subtitle1" gutterBottom>
              Skills
            </Typography>
            {picker("skills", "Skills", "skill", skills, MAX_SKILLS)}
          </div>
          <div>
            <Typography variant="subtitle1" gutterBottom>
              Domains
            </Typography>
            {picker("domains", "Domains", "domain", domains, MAX_DOMAINS)}
          </div>
          <div>
            <Typography variant="subtitle1" gutterBottom>
              Languages
            </Typography>
            {picker("languages", "Languages", "language", languages, languages.length, false)}
          </div>
          {unplaced.length > 0 && (
            <Alert severity="error">
              {unplaced.map((message) => (
                <div key={message}>{message}</div>
              ))}
            </Alert>
          )}
          <Button type="submit" variant="contained" disabled={update.isPending}>
            {update.isPending ? "Saving..." : "Save Profile"}
          </Button>
        </Stack>
      </Paper>

      <Paper sx={{ p: { xs: 2, md: 4 }, mb: 3 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Portfolio Documents
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Up to 3 documents: .pdf, .doc, .docx
        </Typography>
        <List aria-label="Portfolio documents">
          {profile.portfolioDocs.map((doc) => (
            <ListItem
              key={doc.id}
              secondaryAction={
                <IconButton edge="end" aria-label={`Remove ${doc.name}`} onClick={handleRemoveDocument(doc.id)} disabled={removeDocument.isPending}>
                  <DeleteOutline />
                </IconButton>
              }
            >
              <ListItemText
                primary={
                  <Link href={doc.url} target="_blank" rel="noopener">
                    {doc.name}
                  </Link>
                }
              />
            </ListItem>
          ))}
        </List>
        <Button variant="outlined" component="label" disabled={uploadDocument.isPending}>
          {uploadDocument.isPending ? "Uploading..." : "Upload Document"}
          <input hidden type="file" accept=".pdf,.doc,.docx" aria-label="Portfolio document" onChange={handleDocument} />
        </Button>
      </Paper>

      <PortfolioItems items={profile.portfolios} />
    </Container>
  );
}

function ManageProfile() {
  const { data, error, isPending } = useMyFreelancerProfile();
  if (isPending) return <PageLoader />;
  if (error || !data) {
    return (
      <Container maxWidth="sm" sx={{ py: 8 }}>
        <Alert
          severity={isApiError(error, "PROFILE_NOT_FOUND") ? "info" : "error"}
          action={
            <Button component={RouterLink} to="/create-profile" color="inherit" size="small">
              Create Profile
            </Button>
          }
        >
          {isApiError(error, "PROFILE_NOT_FOUND") ? messages.notFound : errorMessage(error)}
        </Alert>
      </Container>
    );
  }
  // The form keeps what the user typed; uploads and cards below refresh from the latest profile.
  return <ProfileForm profile={data} />;
}

/** /manage-profile: the freelancer edits their profile, avatar, documents and portfolio. */
export default function ManageProfilePage() {
  return (
    <ProtectedRoute userTypes={["freelancer"]}>
      <ManageProfile />
    </ProtectedRoute>
  );
}
