import { Router, type Request, type RequestHandler } from "express";
import { multipart, takeUploads } from "../../middlewares/multipart.js";
import { freelancerCreateBody, freelancerUpdateBody, idParams, portfolioBody, portfolioUpdateBody, domainError } from "@forgehire/core";
import {
  addPortfolio,
  addPortfolioDocument,
  authorizeProfileUpload,
  createFreelancerProfile,
  editPortfolio,
  getFreelancer,
  getFreelancerReviewPage,
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
import { decodeReviewCursor, encodeReviewCursor, presentPublicReview } from "../../presenters/present-review.js";
import { directoryQuery, itemParams, reviewPageQuery } from "./schema.js";

/** The one stored upload of a profile upload request. */
function uploadedFile(req: Request) {
  const [file] = takeUploads(req);
  if (!file) throw domainError("VALIDATION", { message: "Choose a file.", fields: { file: "Required" } });
  return file;
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

  // Each kind streams to storage under its own rule (2 MB png/jpeg/webp avatars, 10 MB pdf/doc/docx documents).
  const profileUpload = (kind: "avatar" | "portfolio_document", folder: string) =>
    multipart(services.storage, { kind, prefix: (req) => `${folder}/${currentActor(req).id}`, limits: { files: 1, fields: 5 } });
  const avatarUpload = profileUpload("avatar", "avatars");
  const documentUpload = profileUpload("portfolio_document", "portfolio");

  // The right to upload is checked before any of the upload is read or stored.
  const mayUpload =
    (kind: "avatar" | "document"): RequestHandler =>
    async (req, _res, next) => {
      await authorizeProfileUpload(services, currentActor(req), kind);
      next();
    };

  router.post("/freelancers/me/avatar", mayUpload("avatar"), avatarUpload.single("avatar"), async (req, res) => {
    res.json(presentFreelancerDetail(await setAvatar(services, currentActor(req), uploadedFile(req))));
  });

  router.post("/freelancers/me/documents", mayUpload("document"), documentUpload.single("document"), async (req, res) => {
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

  // The next pages of a profile's published reviews, newest first (the profile carries the first).
  router.get("/freelancers/:id/reviews", async (req, res) => {
    const params = idParams.safeParse(req.params);
    if (!params.success) throw domainError("FREELANCER_NOT_FOUND");
    const { cursor } = parse(reviewPageQuery, req.query);
    const after = cursor === undefined ? undefined : decodeReviewCursor(cursor);
    if (cursor !== undefined && !after) throw domainError("INVALID_CURSOR", { fields: { cursor: "Invalid cursor" } });
    const { page } = await getFreelancerReviewPage(services, params.data.id, after);
    res.json({ items: page.items.map(presentPublicReview), nextCursor: page.next && encodeReviewCursor(page.next) });
  });

  return router;
}
