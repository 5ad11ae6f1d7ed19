import { lazy } from "react";
import { Route, Routes } from "react-router";
import Layout from "./components/Layout";

// One chunk per screen (STYLE §1, DESIGN stack notes: a React + MUI page is ~135 KB, so split from the start).
const HomePage = lazy(() => import("./routes/home/HomePage"));
const LoginPage = lazy(() => import("./routes/login/LoginPage"));
const SignupPage = lazy(() => import("./routes/signup/SignupPage"));
const ResetPasswordPage = lazy(() => import("./routes/reset-password/ResetPasswordPage"));
const ChangePasswordPage = lazy(() => import("./routes/change-password/ChangePasswordPage"));
const JobsPage = lazy(() => import("./routes/jobs/JobsPage"));
const JobDetailPage = lazy(() => import("./routes/job-detail/JobDetailPage"));
const PostJobPage = lazy(() => import("./routes/post-job/PostJobPage"));
const MyJobsPage = lazy(() => import("./routes/my-jobs/MyJobsPage"));
const AdminDashboardPage = lazy(() => import("./routes/admin-dashboard/AdminDashboardPage"));
const UpdateProfilePage = lazy(() => import("./routes/update-profile/UpdateProfilePage"));
const FreelancersPage = lazy(() => import("./routes/freelancers/FreelancersPage"));
const FreelancerProfilePage = lazy(() => import("./routes/freelancer-profile/FreelancerProfilePage"));
const ManageProfilePage = lazy(() => import("./routes/manage-profile/ManageProfilePage"));
const CreateProfilePage = lazy(() => import("./routes/create-profile/CreateProfilePage"));
const MessagesPage = lazy(() => import("./routes/messages/MessagesPage"));
const AdminMessagesPage = lazy(() => import("./routes/admin-messages/AdminMessagesPage"));
const SampleWorksPage = lazy(() => import("./routes/sample-works/SampleWorksPage"));
const SampleWorkDetailPage = lazy(() => import("./routes/sample-works/SampleWorkDetailPage"));
const ContactPage = lazy(() => import("./routes/trust/ContactPage"));
const TermsPage = lazy(() => import("./routes/trust/TermsPage"));
const PrivacyPage = lazy(() => import("./routes/trust/PrivacyPage"));
const RefundPolicyPage = lazy(() => import("./routes/trust/RefundPolicyPage"));
const HowItWorksPage = lazy(() => import("./routes/how-it-works/HowItWorksPage"));
const PaymentPage = lazy(() => import("./routes/payment/PaymentPage"));
const NotFoundPage = lazy(() => import("./routes/not-found/NotFoundPage"));

/** The route table of spec part 2 §2, complete. */
export default function App() {
  return (
    <Layout>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/change-password" element={<ChangePasswordPage />} />
        <Route path="/jobs" element={<JobsPage />} />
        <Route path="/jobs/:id" element={<JobDetailPage />} />
        <Route path="/post-job" element={<PostJobPage />} />
        <Route path="/my-jobs" element={<MyJobsPage />} />
        <Route path="/admin-dashboard" element={<AdminDashboardPage />} />
        <Route path="/update-profile" element={<UpdateProfilePage />} />
        <Route path="/freelancers" element={<FreelancersPage />} />
        <Route path="/freelancers/:id" element={<FreelancerProfilePage />} />
        <Route path="/manage-profile" element={<ManageProfilePage />} />
        <Route path="/create-profile" element={<CreateProfilePage />} />
        <Route path="/messages" element={<MessagesPage />} />
        <Route path="/messages/:roomId" element={<MessagesPage />} />
        <Route path="/admin-messages" element={<AdminMessagesPage />} />
        <Route path="/sample-works" element={<SampleWorksPage />} />
        <Route path="/sample-works/:id" element={<SampleWorkDetailPage />} />
        <Route path="/contact" element={<ContactPage />} />
        <Route path="/terms" element={<TermsPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/refund-policy" element={<RefundPolicyPage />} />
        <Route path="/how-it-works" element={<HowItWorksPage />} />
        <Route path="/payments/:jobId" element={<PaymentPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Layout>
  );
}
