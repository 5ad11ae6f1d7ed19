import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useSnackbar } from "notistack";
import { useNavigate } from "react-router";
import { useForm, useWatch } from "react-hook-form";
import { domains, freelancerCreateBody, MAX_DOMAINS, MAX_SKILLS, skills } from "@forgehire/core";
import type { FreelancerCreateBody } from "@forgehire/core";
import { isApiError } from "../../api/client";
import FormTextField from "../../components/FormTextField";
import { schemaResolver, setServerFieldErrors } from "../../lib/form-errors";
import { useCreateFreelancerProfile } from "../../api/freelancers";
import ProtectedRoute from "../../components/ProtectedRoute";
import ToastMessage from "../../components/ToastMessage";
import { FormOptionPicker } from "./OptionPicker";

const messages = {
  success: { title: "Success", message: "Your profile has been created successfully" },
  failed: { title: "Error", message: "Failed to create profile. Please try again." },
} as const;

/** The fields of this form, which a server refusal's dotted paths are placed on. */
const formFields = ["title", "bio", "hourlyRate", "skills", "domains"] as const;

/** The form's values: the rate as typed (core's schema reads the text), the pickers' choices. */
interface CreateProfileForm {
  title: string;
  bio: string;
  hourlyRate: string;
  skills: string[];
  domains: string[];
}

const resolver = schemaResolver<CreateProfileForm, typeof freelancerCreateBody>(freelancerCreateBody, { fields: formFields });
const empty: CreateProfileForm = { title: "", bio: "", hourlyRate: "", skills: [], domains: [] };

function CreateProfileForm() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateFreelancerProfile();
  const { control, handleSubmit, setError } = useForm<CreateProfileForm, unknown, FreelancerCreateBody>({ defaultValues: empty, resolver });
  const [chosenSkills, chosenDomains] = useWatch({ control, name: ["skills", "domains"] });

  const handleCreate = (body: FreelancerCreateBody) => {
    create.mutate(body, {
      onSuccess: () => {
        enqueueSnackbar(<ToastMessage {...messages.success} />, { variant: "success" });
        void navigate("/manage-profile");
      },
      onError: (error) => {
        if (isApiError(error)) setServerFieldErrors(setError, error.fields, formFields);
        enqueueSnackbar(
          <ToastMessage title={messages.failed.title} message={isApiError(error, "PROFILE_EXISTS") ? error.message : messages.failed.message} />,
          {
            variant: "error",
          },
        );
      },
    });
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Create Your Freelancer Profile
      </Typography>
      <Paper component="form" onSubmit={(event) => void handleSubmit(handleCreate)(event)} noValidate sx={{ p: { xs: 2, md: 4 } }}>
        <Stack spacing={3}>
          <FormTextField control={control} name="title" label="Professional Title" placeholder="AI Bot Developer" required />
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
            <FormOptionPicker control={control} name="skills" label="Skills" noun="skill" options={skills} max={MAX_SKILLS} disabled={create.isPending} />
          </div>
          <div>
            <Typography variant="subtitle1" gutterBottom>
              Domains
            </Typography>
            <FormOptionPicker control={control} name="domains" label="Domains" noun="domain" options={domains} max={MAX_DOMAINS} disabled={create.isPending} />
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
