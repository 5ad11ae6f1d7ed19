/** The payment screen's words (spec part 2 §2, §4 and §8). */
export const messages = {
  jobNotFound: "Job not found",
  returnToMyJobs: "Return to My Jobs",
  totalAmount: "Total Amount",
  paymentStatus: "Payment Status",
  paid: "Paid",
  paymentRequired: "Payment Required",
  payWithStripe: "Pay Now with Stripe",
  payNow: "Pay Now",
  processing: "Processing...",
  cancel: "Cancel",
  complete: "Payment complete. Thank you for your business!",
  backToMyJobs: "Back to My Jobs",
  errorPanel: "Payment Error",
  tryAgain: "Try Again",
  setupFailedToast: "Payment Setup Failed",
  setupFallback: "Could not connect to payment provider",
  setupFailed: (message: string) => `Failed to initialize payment: ${message}`,
  successToast: "Payment Successful",
  successToastText: "Your payment was successful.",
  processingToast: "Payment Processing",
  processingToastText: "Your payment is processing. We'll update you when it's complete.",
  failedToast: "Payment Failed",
  cardError: (message: string) => (message.startsWith("Card error: ") ? message : `Card error: ${message}`),
  validationError: (message: string) => `Please check your card details: ${message}`,
  genericError: "An error occurred with your payment",
  otherStatus: (status: string) => `Payment status: ${status}. Please check your payment method.`,
} as const;

/** What a card form reports back to the page. */
export type PaymentResult = { status: "succeeded" | "processing" } | { error: string };
