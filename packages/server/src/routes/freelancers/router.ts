import { Router, type Request, type RequestHandler } from "express";
import { multipart } from "../../middlewares/multipart.js";
import {
  freelancerCreateBody,
  freelancerUpdateBody,
  idParams,
  MAX_DOCUMENT_BYTES,
  portfolioBody,
  portfolioUpdateBody,
  domainError,
} from "@forgehire/core";
import {
  addPortfolio,
  addPortfolioDocument,
  authorizeProfileUpload,
  createFreelancerProfile,
  editPortfolio,
  getFreelancer,
  getOwnProfile,
  removePortfolio,
  removePortfolioDocument,
  searchFreelancers,
  setAvatar,
  updateOwnProfile,
  type Services,
} from "@forgehire/services";
import { currentActor, requireUser } from "../../middlewares/require-user.js";
import { parse } from "../../middlewares/validate.js";
import { presentFreelancer, presentFreelancerDetail, presentPortfolio } from "../../presenters/present-freelancer.js";
import { directoryQuery, itemParams } from "./schema.js";

// The use cases apply the tighter limits (2 MB avatars) with their own messages; multer only caps memory.
const upload = multipart({ limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 5 } });

function uploadedFile(req: Request) {
  const file = req.file;
  if (!file) throw domainError("VALIDATION", { message: "Choose a file.", fields: { file: "Required" } });
  return { originalName: file.originalname, bytes: file.buffer };
}

/** Freelancer profiles, the directory, avatars, documents and portfolio cards (API.md "Freelancers"). */
export function freelancersRouter(services: Services): Router {
  const router = Router();
  router.use("/freelancers", requireUser);

  router.get("/freelancers", async (req, res) => {
    const query = parse(directoryQuery, req.query);
    const page = await searchFreelancers(services, query);
    // The body stays the array of API.md; the page's place in the whole is in headers.
    res.set({ "X-Total-Count": String(page.total), "Cache-Control": "private, no-cache" });
    res.json(page.rows.map(presentFreelancer));
  });

  router.post("/freelancers", async (req, res) => {
    const input = parse(freelancerCreateBody, req.body);
    res.status(201).json(presentFreelancerDetail(await createFreelancerProfile(services, currentActor(req), input)));
  });

  router.get("/freelancers/me", async (req, res) => {
    res.json(presentFreelancerDetail(await getOwnProfile(services, currentActor(req))));
  });

  router.patch("/freelancers/me", async (req, res) => {
    const input = parse(freelancerUpdateBody, req.body);
    res.json(presentFreelancerDetail(await updateOwnProfile(services, currentActor(req), input)));
  });

  // The right to upload is checked before multer reads up to 10 MB into memory.
  const mayUpload =
    (kind: "avatar" | "document"): RequestHandler =>
    async (req, _res, next) => {
      await authorizeProfileUpload(services, currentActor(req), kind);
      next();
    };

  router.post("/freelancers/me/avatar", mayUpload("avatar"), upload.single("avatar"), async (req, res) => {
    res.json(presentFreelancerDetail(await setAvatar(services, currentActor(req), uploadedFile(req))));
  });

  router.post("/freelancers/me/documents", mayUpload("document"), upload.single("document"), async (req, res) => {
    res.status(201).json(presentFreelancerDetail(await addPortfolioDocument(services, currentActor(req), uploadedFile(req))));
  });

  router.delete("/freelancers/me/documents/:id", async (req, res) => {
    const { id } = parse(itemParams, req.params);
    res.json(presentFreelancerDetail(await removePortfolioDocument(services, currentActor(req), id)));
  });

  router.post("/freelancers/me/portfolios", async (req, res) => {
    const input = parse(portfolioBody, req.body);
    res.status(201).json(presentPortfolio(await addPortfolio(services, currentActor(req), input)));
  });

  router.patch("/freelancers/me/portfolios/:id", async (req, res) => {
    const { id } = parse(itemParams, req.params);
    const input = parse(portfolioUpdateBody, req.body);
    res.json(presentPortfolio(await editPortfolio(services, currentActor(req), id, input)));
  });

  router.delete("/freelancers/me/portfolios/:id", async (req, res) => {
    const { id } = parse(itemParams, req.params);
    await removePortfolio(services, currentActor(req), id);
    res.status(204).end();
  });

  router.get("/freelancers/:id", async (req, res) => {
    // A malformed id names no profile: the page shows 'Freelancer not found' either way.
    const params = idParams.safeParse(req.params);
    if (!params.success) throw domainError("FREELANCER_NOT_FOUND");
    res.json(presentFreelancerDetail(await getFreelancer(services, params.data.id)));
  });

  return router;
}
