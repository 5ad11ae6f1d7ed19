import { useState } from "react";
import type { SyntheticEvent } from "react";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import Container from "@mui/material/Container";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import ProtectedRoute from "../../components/ProtectedRoute";
import { useCurrentUser } from "../../hooks/use-current-user";
import BillingDetailsSection from "./BillingDetailsSection";
import EmailNotificationsSection from "./EmailNotificationsSection";
import PasswordTab from "./PasswordTab";
import ProfileTab from "./ProfileTab";

type TabValue = "profile" | "password";

/** /update-profile: the signed-in user's name, notification e-mails and password. Signed-out visitors go to /login. */
export default function UpdateProfilePage() {
  return (
    <ProtectedRoute>
      <UpdateProfile />
    </ProtectedRoute>
  );
}

function UpdateProfile() {
  const { user } = useCurrentUser();
  const [tab, setTab] = useState<TabValue>("profile");
  const handleTabChange = (_event: SyntheticEvent, value: TabValue) => setTab(value);
  if (!user) return null;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Update Profile
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Manage your personal information and account security.
      </Typography>
      <Card>
        <Tabs value={tab} onChange={handleTabChange} aria-label="Profile sections" sx={{ borderBottom: 1, borderColor: "divider", px: 2 }}>
          <Tab label="Profile Information" value="profile" id="tab-profile" aria-controls="tabpanel-profile" />
          <Tab label="Password & Security" value="password" id="tab-password" aria-controls="tabpanel-password" />
        </Tabs>
        <Box role="tabpanel" id={`tabpanel-${tab}`} aria-labelledby={`tab-${tab}`} sx={{ p: { xs: 3, md: 4 } }}>
          {/* Keyed by user so the form starts from the saved names. */}
          {tab === "profile" ? <ProfileTab key={user.id} user={user} /> : <PasswordTab />}
          {tab === "profile" && user.userType === "client" && <BillingDetailsSection />}
          {tab === "profile" && <EmailNotificationsSection user={user} />}
        </Box>
      </Card>
    </Container>
  );
}
