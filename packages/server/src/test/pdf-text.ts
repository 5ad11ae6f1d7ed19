import { PDFParse } from "pdf-parse";

/**
 * The text of a PDF as a reader would copy it (pdf.js through pdf-parse), lines joined by newlines.
 * @param pdf the file's bytes
 * @returns its text
 */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** A supertest parser that keeps a binary body (a PDF) as a Buffer. */
export function binaryParser(res: NodeJS.ReadableStream & { setEncoding(encoding: string): void }, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on("data", (chunk: Buffer) => chunks.push(chunk));
  res.on("end", () => callback(null, Buffer.concat(chunks)));
  res.on("error", (error: Error) => callback(error, Buffer.alloc(0)));
}
