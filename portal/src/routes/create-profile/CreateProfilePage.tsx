import { useState, type FormEvent } from "react";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useSnackbar } from "notistack";
import { useNavigate } from "react-router";
import { domains, MAX_DOMAINS, MAX_SKILLS, skills } from "@forgehire/core";
import { isApiError } from "../../api/client";
import { placeFieldErrors } from "../../lib/form-errors";
import { useCreateFreelancerProfile } from "../../api/freelancers";
import ProtectedRoute from "../../components/ProtectedRoute";
import ToastMessage from "../../components/ToastMessage";
import OptionPicker from "./OptionPicker";

const messages = {
  success: { title: "Success", message: "Your profile has been created successfully" },
  failed: { title: "Error", message: "Failed to create profile. Please try again." },
} as const;

/** The fields of this form, which a server refusal's dotted paths are placed on. */
const formFields = ["title", "bio", "hourlyRate", "skills", "domains"] as const;

function CreateProfileForm() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateFreelancerProfile();
  const [title, setTitle] = useState("");
  const [bio, setBio] = useState("");
  const [hourlyRate, setHourlyRate] = useState("");
  const [chosenSkills, setChosenSkills] = useState<string[]>([]);
  const [chosenDomains, setChosenDomains] = useState<string[]>([]);
  const [fields, setFields] = useState<Record<string, string>>({});

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { title, bio, hourlyRate: hourlyRate === "" ? Number.NaN : Number(hourlyRate), skills: chosenSkills as never, domains: chosenDomains as never },
      {
        onSuccess: () => {
          enqueueSnackbar(<ToastMessage {...messages.success} />, { variant: "success" });
          void navigate("/manage-profile");
        },
        onError: (error) => {
          if (isApiError(error)) setFields(placeFieldErrors(error.fields, formFields).byField);
          enqueueSnackbar(<ToastMessage title={messages.failed.title} message={isApiError(error, "PROFILE_EXISTS") ? error.message : messages.failed.message} />, {
            variant: "error",
          });
        },
      },
    );
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Create Your Freelancer Profile
      </Typography>
      <Paper component="form" onSubmit={handleSubmit} noValidate sx={{ p: { xs: 2, md: 4 } }}>
        <Stack spacing={3}>
          <TextField
            label="Professional Title"
            placeholder="AI Bot Developer"
            required
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            error={Boolean(fields.title)}
            helperText={fields.title}
          />
          <TextField
            label="Bio"
            required
            multiline
            minRows={4}
            value={bio}
            onChange={(e) => setBio(e.target.value)}
            error={Boolean(fields.bio)}
            helperText={fields.bio}
          />
          <TextField
            label="Hourly Rate ($)"
            type="number"
            required
            value={hourlyRate}
            onChange={(e) => setHourlyRate(e.target.value)}
            slotProps={{ htmlInput: { min: 0, step: "0.01" } }}
            error={Boolean(fields.hourlyRate)}
            helperText={fields.hourlyRate}
          />
          <div>
            <Typography variant="subtitle1" gutterBottom>
              Skills
            </Typography>
            <OptionPicker label="Skills" noun="skill" options={skills} value={chosenSkills} max={MAX_SKILLS} onChange={setChosenSkills} disabled={create.isPending} error={fields.skills} />
          </div>
          <div>
            <Typography variant="subtitle1" gutterBottom>
              Domains
            </Typography>
            <OptionPicker label="Domains" noun="domain" options={domains} value={chosenDomains} max={MAX_DOMAINS} onChange={setChosenDomains} disabled={create.isPending} error={fields.domains} />
          </div>
          <Button type="submit" variant="contained" size="large" disabled={create.isPending || chosenSkills.length === 0 || chosenDomains.length === 0}>
            Create Profile
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}

/** /create-profile: to /login when signed out, to / for non-freelancers. */
export default function CreateProfilePage() {
  return (
    <ProtectedRoute userTypes={["freelancer"]}>
      <CreateProfileForm />
    </ProtectedRoute>
  );
}
