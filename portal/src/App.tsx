import { lazy, useState, type ComponentType } from "react";
import { matchRoutes, Route, Routes } from "react-router";
import Layout from "./components/Layout";

/** A screen in a chunk of its own, which `preload` loads ahead of the first render. */
interface Screen {
  (): React.JSX.Element;
  preload(): Promise<unknown>;
}

/**
 * A lazy screen that, once its chunk has run, renders without suspending: the first render of a page whose chunk
 * main.tsx loaded beforehand paints the page at once, not the Suspense fallback and then (after React's throttle
 * of a revealed boundary, 300 ms) the page.
 */
function screen(load: () => Promise<{ default: ComponentType }>): Screen {
  let Loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      Loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  function Screen() {
    // Chosen once per mount: a screen mounted through Lazy that swapped to Loaded on a later render (a new search
    // parameter) would be a new component to React, its state lost.
    const [Component] = useState<ComponentType>(() => Loaded ?? Lazy);
    return <Component />;
  }
  return Object.assign(Screen, { preload });
}

// One chunk per screen (STYLE §1, DESIGN stack notes: a React + MUI page is ~135 KB, so split from the start).
const HomePage = screen(() => import("./routes/home/HomePage"));
const LoginPage = screen(() => import("./routes/login/LoginPage"));
const SignupPage = screen(() => import("./routes/signup/SignupPage"));
const ResetPasswordPage = screen(() => import("./routes/reset-password/ResetPasswordPage"));
const ChangePasswordPage = screen(() => import("./routes/change-password/ChangePasswordPage"));
const JobsPage = screen(() => import("./routes/jobs/JobsPage"));
const JobDetailPage = screen(() => import("./routes/job-detail/JobDetailPage"));
const PostJobPage = screen(() => import("./routes/post-job/PostJobPage"));
const MyJobsPage = screen(() => import("./routes/my-jobs/MyJobsPage"));
const EarningsPage = screen(() => import("./routes/earnings/EarningsPage"));
const NotificationsPage = screen(() => import("./routes/notifications/NotificationsPage"));
const BillingPage = screen(() => import("./routes/billing/BillingPage"));
const AdminDashboardPage = screen(() => import("./routes/admin-dashboard/AdminDashboardPage"));
const UpdateProfilePage = screen(() => import("./routes/update-profile/UpdateProfilePage"));
const FreelancersPage = screen(() => import("./routes/freelancers/FreelancersPage"));
const FreelancerProfilePage = screen(() => import("./routes/freelancer-profile/FreelancerProfilePage"));
const ManageProfilePage = screen(() => import("./routes/manage-profile/ManageProfilePage"));
const CreateProfilePage = screen(() => import("./routes/create-profile/CreateProfilePage"));
const MessagesPage = screen(() => import("./routes/messages/MessagesPage"));
const AdminMessagesPage = screen(() => import("./routes/admin-messages/AdminMessagesPage"));
const SampleWorksPage = screen(() => import("./routes/sample-works/SampleWorksPage"));
const SampleWorkDetailPage = screen(() => import("./routes/sample-works/SampleWorkDetailPage"));
const ContactPage = screen(() => import("./routes/trust/ContactPage"));
const TermsPage = screen(() => import("./routes/trust/TermsPage"));
const PrivacyPage = screen(() => import("./routes/trust/PrivacyPage"));
const RefundPolicyPage = screen(() => import("./routes/trust/RefundPolicyPage"));
const HowItWorksPage = screen(() => import("./routes/how-it-works/HowItWorksPage"));
const PaymentPage = screen(() => import("./routes/payment/PaymentPage"));
const NotFoundPage = screen(() => import("./routes/not-found/NotFoundPage"));

/** The route table of spec part 2 §2, complete. */
const screens: { path: string; Screen: Screen }[] = [
  { path: "/", Screen: HomePage },
  { path: "/login", Screen: LoginPage },
  { path: "/signup", Screen: SignupPage },
  { path: "/reset-password", Screen: ResetPasswordPage },
  { path: "/change-password", Screen: ChangePasswordPage },
  { path: "/jobs", Screen: JobsPage },
  { path: "/jobs/:id", Screen: JobDetailPage },
  { path: "/post-job", Screen: PostJobPage },
  { path: "/my-jobs", Screen: MyJobsPage },
  { path: "/earnings", Screen: EarningsPage },
  { path: "/notifications", Screen: NotificationsPage },
  { path: "/billing", Screen: BillingPage },
  { path: "/admin-dashboard", Screen: AdminDashboardPage },
  { path: "/update-profile", Screen: UpdateProfilePage },
  { path: "/freelancers", Screen: FreelancersPage },
  { path: "/freelancers/:id", Screen: FreelancerProfilePage },
  { path: "/manage-profile", Screen: ManageProfilePage },
  { path: "/create-profile", Screen: CreateProfilePage },
  { path: "/messages", Screen: MessagesPage },
  { path: "/messages/:roomId", Screen: MessagesPage },
  { path: "/admin-messages", Screen: AdminMessagesPage },
  { path: "/sample-works", Screen: SampleWorksPage },
  { path: "/sample-works/:id", Screen: SampleWorkDetailPage },
  { path: "/contact", Screen: ContactPage },
  { path: "/terms", Screen: TermsPage },
  { path: "/privacy", Screen: PrivacyPage },
  { path: "/refund-policy", Screen: RefundPolicyPage },
  { path: "/how-it-works", Screen: HowItWorksPage },
  { path: "/payments/:jobId", Screen: PaymentPage },
  { path: "*", Screen: NotFoundPage },
];

/**
 * Loads the chunk of the screen a path shows, for the first render to find it loaded (main.tsx).
 * @param pathname the page's path
 */
export function preloadScreen(pathname: string): Promise<unknown> {
  return matchRoutes(screens, pathname)?.[0]?.route.Screen.preload() ?? Promise.resolve();
}

export default function App() {
  return (
    <Layout>
      <Routes>
        {screens.map(({ path, Screen }) => (
          <Route key={path} path={path} element={<Screen />} />
        ))}
      </Routes>
    </Layout>
  );
}
