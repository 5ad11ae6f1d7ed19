import type { SvgIconComponent } from "@mui/icons-material";
import BrushOutlined from "@mui/icons-material/BrushOutlined";
import EventAvailableOutlined from "@mui/icons-material/EventAvailableOutlined";
import GavelOutlined from "@mui/icons-material/GavelOutlined";
import LocalCafeOutlined from "@mui/icons-material/LocalCafeOutlined";
import LocalFloristOutlined from "@mui/icons-material/LocalFloristOutlined";
import ShoppingBagOutlined from "@mui/icons-material/ShoppingBagOutlined";
import SupportAgentOutlined from "@mui/icons-material/SupportAgentOutlined";
import TrendingUpOutlined from "@mui/icons-material/TrendingUpOutlined";

export type SampleType = "static" | "simple" | "ecommerce" | "complex";

export interface SampleWork {
  id: string;
  name: string;
  type: SampleType;
  description: string;
  /** what was delivered, shown on the detail view */
  built: readonly string[];
  /** what changed for the client once it went live */
  outcome: string;
  businessType: string;
  stage: "Production" | "MVP";
  tags: readonly string[];
  /** US dollars */
  cost: number;
  /** days from start to delivery */
  days: number;
  /** client satisfaction, 1 to 5 stars */
  rating: 1 | 2 | 3 | 4 | 5;
  /** CSS gradient of the thumbnail; no external images */
  gradient: string;
  icon: SvgIconComponent;
}

/** The filter buttons of the page, in the spec's order. */
export const sampleFilters: readonly { value: SampleType | "all"; label: string }[] = [
  { value: "all", label: "All Projects" },
  { value: "static", label: "Static Websites" },
  { value: "simple", label: "Simple Applications" },
  { value: "ecommerce", label: "E-commerce" },
  { value: "complex", label: "Complex Applications" },
];

export const sampleTypeLabels: Record<SampleType, string> = {
  static: "Static Website",
  simple: "Simple Application",
  ecommerce: "E-commerce",
  complex: "Complex Application",
};

/** The nine fixed portfolio items of the Sample Works page (spec part 2 §2). */
export const sampleWorks: readonly SampleWork[] = [
  {
    id: "corner-bakery",
    name: "Corner Bakery",
    type: "static",
    description: "A five-page site for a neighbourhood bakery: menu, opening hours, story and a contact form.",
    built: [
      "Menu page the owner edits from a simple content file",
      "Opening hours and holiday notices on every page",
      "Contact form that emails the shop, with spam protection",
    ],
    outcome: "Phone calls asking for opening hours dropped, and weekend cake orders now arrive through the form.",
    businessType: "Food & Beverage",
    stage: "Production",
    tags: ["HTML", "CSS", "Responsive"],
    cost: 100,
    days: 2,
    rating: 5,
    gradient: "linear-gradient(135deg, #f6d365 0%, #fda085 100%)",
    icon: LocalCafeOutlined,
  },
  {
    id: "harbor-legal",
    name: "Harbor Legal Partners",
    type: "static",
    description: "A professional presence for a small law firm with practice areas, team profiles and a booking link.",
    built: ["Practice-area pages written for search engines", "Team profiles with photos and bar admissions", "Accessible layout checked against WCAG 2.1 AA"],
    outcome: "The firm appears on the first page of local search results for its main practice areas.",
    businessType: "Legal Services",
    stage: "Production",
    tags: ["Static Site", "SEO", "Accessibility"],
    cost: 150,
    days: 3,
    rating: 4,
    gradient: "linear-gradient(135deg, #4b6cb7 0%, #182848 100%)",
    icon: GavelOutlined,
  },
  {
    id: "studio-bookings",
    name: "Studio Bookings",
    type: "simple",
    description: "Class scheduling for a yoga studio: members book and cancel sessions, staff see the day's roster.",
    built: [
      "Member accounts with class booking and cancellation",
      "Daily roster view for staff, with waiting lists",
      "Calendar sync and email reminders the day before",
    ],
    outcome: "No-shows fell by a third once reminders and self-service cancellations went live.",
    businessType: "Health & Fitness",
    stage: "Production",
    tags: ["React", "Node.js", "Calendly"],
    cost: 900,
    days: 10,
    rating: 5,
    gradient: "linear-gradient(135deg, #43cea2 0%, #185a9d 100%)",
    icon: EventAvailableOutlined,
  },
  {
    id: "portfolio-builder",
    name: "Artist Portfolio Builder",
    type: "simple",
    description: "Artists sign in, upload their work and publish a portfolio page with their own domain.",
    built: ["Artist sign-up and image uploads with automatic resizing", "Portfolio themes with a live preview", "Custom domain setup with HTTPS"],
    outcome: "Artists publish a portfolio in under ten minutes, without help from staff.",
    businessType: "Creative Arts",
    stage: "MVP",
    tags: ["React", "Authentication", "File Upload"],
    cost: 1200,
    days: 12,
    rating: 4,
    gradient: "linear-gradient(135deg, #cc2b5e 0%, #753a88 100%)",
    icon: BrushOutlined,
  },
  {
    id: "bloom-florist",
    name: "Bloom Florist Shop",
    type: "ecommerce",
    description: "An online flower shop with 40 products, same-day delivery slots and card payments.",
    built: [
      "Catalogue of 40 products with seasonal availability",
      "Same-day delivery slots limited by the shop's capacity",
      "Card payments with order confirmation emails",
    ],
    outcome: "Online orders now make up a large share of the shop's sales, mostly for same-day delivery.",
    businessType: "Retail",
    stage: "Production",
    tags: ["E-commerce", "Stripe", "Inventory"],
    cost: 500,
    days: 7,
    rating: 5,
    gradient: "linear-gradient(135deg, #ff9a9e 0%, #fad0c4 100%)",
    icon: LocalFloristOutlined,
  },
  {
    id: "threadline",
    name: "Threadline Apparel",
    type: "ecommerce",
    description: "A clothing store with 100 products, size variants, discount codes and order tracking.",
    built: ["100 products with size and colour variants", "Discount codes with start and end dates", "Order tracking page linked from every shipping email"],
    outcome: "Support emails about order status dropped sharply after tracking went live.",
    businessType: "Fashion",
    stage: "Production",
    tags: ["E-commerce", "Payments", "Shopping Cart"],
    cost: 800,
    days: 9,
    rating: 4,
    gradient: "linear-gradient(135deg, #8e2de2 0%, #4a00e0 100%)",
    icon: ShoppingBagOutlined,
  },
  {
    id: "market-hall",
    name: "Market Hall",
    type: "ecommerce",
    description: "A large shop of 1,000 products with multiple payment options and stock management.",
    built: [
      "1,000 products imported from the supplier's spreadsheets",
      "Several payment options, including cards and bank transfer",
      "Stock levels updated on every sale, with low-stock alerts",
    ],
    outcome: "Overselling stopped: stock is counted once, whichever channel the sale comes from.",
    businessType: "Wholesale",
    stage: "MVP",
    tags: ["E-commerce", "Multiple Payments", "Inventory"],
    cost: 2000,
    days: 14,
    rating: 4,
    gradient: "linear-gradient(135deg, #f7971e 0%, #ffd200 100%)",
    icon: ShoppingBagOutlined,
  },
  {
    id: "helpdesk-assistant",
    name: "Helpdesk Assistant",
    type: "complex",
    description: "A support portal with an AI chatbot that answers from the knowledge base and hands over to staff.",
    built: [
      "AI chatbot answering from the company's knowledge base",
      "Handover to a staff member with the conversation so far",
      "Weekly report of unanswered questions to improve the articles",
    ],
    outcome: "Most routine questions are now answered without waiting for a staff member.",
    businessType: "Customer Service",
    stage: "MVP",
    tags: ["AI Chatbot", "NLP", "CRM Integration"],
    cost: 2500,
    days: 24,
    rating: 5,
    gradient: "linear-gradient(135deg, #00c6ff 0%, #0072ff 100%)",
    icon: SupportAgentOutlined,
  },
  {
    id: "insight-flow",
    name: "InsightFlow Analytics",
    type: "complex",
    description: "Workflow automation for a sales team: lead scoring, generated follow-up emails and task management.",
    built: [
      "Lead scoring from the CRM's activity history",
      "Generated follow-up emails the salesperson reviews before sending",
      "Task lists built from each day's scored leads",
    ],
    outcome: "The sales team follows up on its best leads the same day instead of within the week.",
    businessType: "Business Services",
    stage: "Production",
    tags: ["Automation", "Content Generation", "Workflows"],
    cost: 3000,
    days: 30,
    rating: 5,
    gradient: "linear-gradient(135deg, #11998e 0%, #38ef7d 100%)",
    icon: TrendingUpOutlined,
  },
];

/**
 * The sample work of this id (the last part of /sample-works/:id), or undefined.
 * @param id a sample work's id, e.g. "corner-bakery"
 */
export function findSampleWork(id: string | undefined): SampleWork | undefined {
  return sampleWorks.find((work) => work.id === id);
}
