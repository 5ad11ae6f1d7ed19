import { formatDocumentMoney, type BillingDocumentContent, type Statement } from "@forgehire/core";

/**
 * Receipts, credit notes and statements as PDF (pdfkit, its built-in Helvetica). The same facts always give the same
 * bytes: the creation date is the document's own date and nothing else varies, so a document downloaded twice, or
 * attached to its e-mail, is the same file.
 */

const MARGIN = 50;
const WIDTH = 595.28 - 2 * MARGIN; // A4 in points

/** Helvetica (a standard PDF font) covers Latin-1 only: anything else is replaced rather than drawn as garbage. */
function latin1(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/\u2026/g, "...")
    .replace(/[^\n\u0020-\u00ff]/g, "?");
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
}

// pdfkit and its font metrics load with the first document, not with every process that imports the services.
const loadPdfKit = async () => (await import("pdfkit")).default;

async function newDocument(title: string, createdAt: Date): Promise<PDFKit.PDFDocument> {
  const PDFDocument = await loadPdfKit();
  return new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: { Title: latin1(title), Author: "Forgehire", Creator: "Forgehire", Producer: "Forgehire", CreationDate: createdAt, ModDate: createdAt },
  });
}

const day = (iso: string) => iso.slice(0, 10);

function block(doc: PDFKit.PDFDocument, x: number, y: number, heading: string, lines: string[]): number {
  doc
    .font("Helvetica-Bold")
    .fontSize(9)
    .fillColor("#555555")
    .text(heading.toUpperCase(), x, y, { width: WIDTH / 2 - 10 });
  doc.font("Helvetica").fontSize(10).fillColor("#000000");
  for (const line of lines) doc.text(latin1(line), { width: WIDTH / 2 - 10 });
  return doc.y;
}

/**
 * Draws a receipt or a credit note from its stored facts.
 * @param content the document's snapshot
 * @returns the PDF's bytes
 */
export async function renderBillingDocumentPdf(content: BillingDocumentContent): Promise<Buffer> {
  const isReceipt = content.kind === "receipt";
  const title = `${isReceipt ? "Receipt" : "Credit note"} ${content.number}`;
  const doc = await newDocument(title, new Date(content.issuedAt));
  const done = collect(doc);

  doc
    .font("Helvetica-Bold")
    .fontSize(20)
    .text(isReceipt ? "Receipt" : "Credit note", MARGIN, MARGIN);
  doc.font("Helvetica").fontSize(10);
  doc.text(`Number: ${content.number}`);
  doc.text(`Issued: ${day(content.issuedAt)}`);
  doc.text(`${isReceipt ? "Paid" : "Original payment"}: ${day(content.payment.paidAt)}`);
  if (content.credit) {
    doc.text(`Refunded: ${day(content.credit.refundedAt)}`);
    if (content.credit.receiptNumber) doc.text(`Credits receipt: ${content.credit.receiptNumber}`);
  }

  const top = doc.y + 20;
  const sellerEnd = block(doc, MARGIN, top, "Seller", [content.seller.name, ...content.seller.address.split("\n"), `Tax ID: ${content.seller.taxId}`]);
  const buyer = content.buyer;
  const buyerLines = [
    buyer.billingName ?? buyer.name,
    ...(buyer.billingName && buyer.billingName !== buyer.name ? [`Attn: ${buyer.name}`] : []),
    ...(buyer.billingAddress ? buyer.billingAddress.split("\n") : []),
    buyer.email,
    ...(buyer.vatId ? [`VAT ID: ${buyer.vatId}`] : []),
  ];
  const buyerEnd = block(doc, MARGIN + WIDTH / 2 + 10, top, "Billed to", buyerLines);

  doc.y = Math.max(sellerEnd, buyerEnd) + 20;
  doc.x = MARGIN;
  doc
    .font("Helvetica-Bold")
    .fontSize(11)
    .text(latin1(`Job #${content.job.id}: ${content.job.title}`), MARGIN, doc.y, { width: WIDTH });
  doc.moveDown(0.5);

  const amountX = MARGIN + WIDTH - 120;
  const rowTop = doc.y;
  doc.font("Helvetica-Bold").fontSize(9).fillColor("#555555");
  doc.text("DESCRIPTION", MARGIN, rowTop, { width: WIDTH - 130 });
  doc.text("AMOUNT", amountX, rowTop, { width: 120, align: "right" });
  doc
    .moveTo(MARGIN, doc.y + 2)
    .lineTo(MARGIN + WIDTH, doc.y + 2)
    .strokeColor("#cccccc")
    .stroke();
  doc.fillColor("#000000").font("Helvetica").fontSize(10);
  doc.y += 6;
  for (const line of content.lines) {
    const y = doc.y;
    doc.text(latin1(line.description), MARGIN, y, { width: WIDTH - 130 });
    const after = doc.y;
    doc.text(formatDocumentMoney(line.amountCents), amountX, y, { width: 120, align: "right" });
    doc.y = Math.max(after, doc.y) + 4;
  }
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + WIDTH, doc.y)
    .strokeColor("#cccccc")
    .stroke();
  doc.y += 6;
  const totalY = doc.y;
  doc.font("Helvetica-Bold").text(isReceipt ? "Total paid" : "Total credited", MARGIN, totalY, { width: WIDTH - 130 });
  doc.text(`${formatDocumentMoney(content.totalCents)} ${content.currency.toUpperCase()}`, amountX - 40, totalY, { width: 160, align: "right" });

  doc.moveDown(2);
  doc.x = MARGIN;
  doc.font("Helvetica").fontSize(10);
  const card = content.payment.brand || content.payment.last4 ? `${content.payment.brand ?? "Card"} ending in ${content.payment.last4 ?? "????"}` : "Card";
  doc.text(`Payment method: ${card}`, MARGIN, doc.y, { width: WIDTH });
  doc.text(`Payment reference: ${content.payment.id}`, { width: WIDTH });
  if (content.credit) doc.text(latin1(`Reason: ${content.credit.reason}`), { width: WIDTH });
  doc.moveDown(2);
  doc
    .fontSize(8)
    .fillColor("#555555")
    .text(
      isReceipt
        ? "This receipt was issued when the payment was captured and will not change. Any correction is issued as a credit note."
        : "This credit note records money given back to the card that paid. It will not change.",
      { width: WIDTH },
    );
  doc.end();
  return done;
}

/**
 * Draws a freelancer's monthly statement.
 * @param statement the month's lines and totals
 * @param generatedAt the end of the month or now, whichever came first: the file's date
 * @returns the PDF's bytes
 */
export async function renderStatementPdf(statement: Statement, generatedAt: Date): Promise<Buffer> {
  const doc = await newDocument(`Statement ${statement.month}`, generatedAt);
  const done = collect(doc);
  doc.font("Helvetica-Bold").fontSize(20).text("Earnings statement", MARGIN, MARGIN);
  doc.font("Helvetica").fontSize(10).text(`Month: ${statement.month} (UTC)`);
  const top = doc.y + 16;
  const sellerEnd = block(doc, MARGIN, top, "From", [statement.seller.name, ...statement.seller.address.split("\n"), `Tax ID: ${statement.seller.taxId}`]);
  const toEnd = block(doc, MARGIN + WIDTH / 2 + 10, top, "Freelancer", [statement.freelancer.name, statement.freelancer.email]);
  doc.y = Math.max(sellerEnd, toEnd) + 16;

  const cols = [
    { label: "DATE", x: MARGIN, w: 62, align: "left" as const },
    { label: "ENTRY", x: MARGIN + 62, w: 200, align: "left" as const },
    { label: "GROSS", x: MARGIN + 262, w: 78, align: "right" as const },
    { label: "FEE", x: MARGIN + 340, w: 70, align: "right" as const },
    { label: "NET", x: MARGIN + 410, w: WIDTH - 410, align: "right" as const },
  ];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9);
    let bottom = y;
    cells.forEach((cell, i) => {
      const col = cols[i]!;
      doc.text(latin1(cell), col.x, y, { width: col.w - 4, align: col.align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 3;
  };
  row(
    cols.map((c) => c.label),
    true,
  );
  row(["", "Opening available balance", "", "", formatDocumentMoney(statement.openingBalanceCents)]);
  const kindLabel = { release: "Release", payout: "Payout", payout_reversal: "Payout reversed" } as const;
  for (const line of statement.lines) {
    const what = `${kindLabel[line.kind]}: ${line.jobTitle}${line.storyTitle ? ` / ${line.storyTitle}` : ""}`;
    row([
      day(line.date),
      what,
      formatDocumentMoney(line.grossCents),
      line.kind === "release" ? formatDocumentMoney(line.feeCents) : "",
      formatDocumentMoney(line.netCents),
    ]);
  }
  if (statement.lines.length === 0) row(["", "No releases or payouts this month", "", "", ""]);
  row(["", "Closing available balance", "", "", formatDocumentMoney(statement.closingBalanceCents)], true);
  doc.moveDown(1);
  doc.x = MARGIN;
  doc.font("Helvetica").fontSize(10);
  doc.text(`Released (gross): ${formatDocumentMoney(statement.totals.releasedGrossCents)}`, MARGIN, doc.y, { width: WIDTH });
  doc.text(`Platform fees: ${formatDocumentMoney(statement.totals.feeCents)}`, { width: WIDTH });
  doc.text(`Released to you (net): ${formatDocumentMoney(statement.totals.releasedNetCents)}`, { width: WIDTH });
  doc.text(`Paid out: ${formatDocumentMoney(statement.totals.paidOutCents)}`, { width: WIDTH });
  doc.end();
  return done;
}
