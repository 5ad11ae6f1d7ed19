import Typography from "@mui/material/Typography";
import TrustPage, { POLICIES_UPDATED, Section, SupportEmail } from "./TrustPage";

/** /refund-policy: when a card payment for a job is refunded, and how. */
export default function RefundPolicyPage() {
  return (
    <TrustPage
      title="Refund Policy"
      updated={POLICIES_UPDATED}
      intro="Your payment for a job is held by Forgehire until you approve the work. This page says when you get it back."
    >
      <Section title="Your payment is held until you approve">
        <Typography component="p">
          When you pay for a requirement by card, the money is held by Forgehire. It is released to the freelancer only once you approve the delivered work.
        </Typography>
      </Section>
      <Section title="Full refund before work starts">
        <Typography component="p">
          If a job is paid but work has not started, you can cancel it and receive a full refund of the amount paid. Write to <SupportEmail /> with the
          job&apos;s title.
        </Typography>
      </Section>
      <Section title="After work has started">
        <ul>
          <li>If the delivery does not match the requirement, ask for changes from the job&apos;s page; the freelancer revises the work at no extra cost.</li>
          <li>
            If the work still does not match the requirement after revisions, contact support. We review the requirement and the delivery and may refund the
            payment in full or in part.
          </li>
          <li>Once you have approved the work, the payment has been released and is not refundable.</li>
        </ul>
      </Section>
      <Section title="Payments we refund automatically">
        <Typography component="p">
          A payment that should not have been taken (for example, a second payment for a job that is already paid, or a payment for a job that was deleted or
          whose price changed) is refunded automatically, without any request from you.
        </Typography>
      </Section>
      <Section title="How refunds are paid">
        <Typography component="p">
          Refunds go back to the card used for the payment. Your bank usually shows them within 5 to 10 business days of our approval.
        </Typography>
      </Section>
    </TrustPage>
  );
}
