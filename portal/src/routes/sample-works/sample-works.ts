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
  link: string;
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
    link: "https://corner-bakery.example.com",
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
    link: "https://harbor-legal.example.com",
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
    link: "https://studio-bookings.example.com",
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
    link: "https://portfolio-builder.example.com",
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
    link: "https://bloom-florist.example.com",
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
    link: "https://threadline.example.com",
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
    link: "https://market-hall.example.com",
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
    link: "https://helpdesk-assistant.example.com",
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
    link: "https://insightflow.example.com",
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
