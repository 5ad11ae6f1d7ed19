import Typography from "@mui/material/Typography";
import TrustPage, { POLICIES_UPDATED, Section, SupportEmail } from "./TrustPage";

/** /terms: the terms of using the marketplace, for clients and freelancers. */
export default function TermsPage() {
  return (
    <TrustPage
      title="Terms of Service"
      updated={POLICIES_UPDATED}
      intro="These terms apply to everyone who uses Forgehire: clients who post requirements and freelancers who build them. By creating an account you accept them."
    >
      <Section title="1. What Forgehire does">
        <Typography component="p">
          Forgehire is a marketplace for software projects delivered with AI tools. Clients post requirements at a fixed scope price; freelancers build them;
          engineers at Forgehire inspect the work before it is handed over.
        </Typography>
      </Section>
      <Section title="2. Accounts">
        <ul>
          <li>You must give accurate details and keep your password to yourself. You are responsible for what is done with your account.</li>
          <li>An account is either a client account or a freelancer account. Some pages are available to one type only.</li>
          <li>We may suspend an account that breaks these terms, after telling its owner why, unless the law or safety requires otherwise.</li>
        </ul>
      </Section>
      <Section title="3. Prices and payment">
        <ul>
          <li>The price of a requirement is set by its scope and the extra services chosen, and is shown before you pay. Prices are in US dollars.</li>
          <li>Payments are made by card through our payment provider. Forgehire never sees or stores your full card number.</li>
          <li>Your payment is held by Forgehire and is released to the freelancer only once you approve the delivered work.</li>
          <li>Refunds follow our Refund Policy.</li>
        </ul>
      </Section>
      <Section title="4. Delivery and approval">
        <ul>
          <li>The expected delivery date is an estimate given by the scope, or the date you chose when posting.</li>
          <li>You review each delivery and either approve it or ask for changes with a description of what is missing.</li>
        </ul>
      </Section>
      <Section title="5. Freelancers">
        <ul>
          <li>Freelancers describe their skills truthfully and deliver work they have the right to hand over.</li>
          <li>Freelancers are paid for work the client has approved.</li>
        </ul>
      </Section>
      <Section title="6. Ownership">
        <Typography component="p">
          Once a job is paid and approved, the client owns the delivered code and content, except open-source components, which stay under their own licences.
        </Typography>
      </Section>
      <Section title="7. Acceptable use">
        <Typography component="p">
          Do not post requirements for unlawful products, malware, or content that infringes someone else&apos;s rights, and do not try to move payment for a
          Forgehire job outside the platform.
        </Typography>
      </Section>
      <Section title="8. Liability">
        <Typography component="p">
          Forgehire&apos;s liability for a job is limited to the amount paid for that job, except where the law does not allow such a limit.
        </Typography>
      </Section>
      <Section title="9. Contact">
        <Typography component="p">
          Questions about these terms: <SupportEmail />.
        </Typography>
      </Section>
    </TrustPage>
  );
}
