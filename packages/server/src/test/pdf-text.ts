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
export function binaryParser(res: unknown, callback: (error: Error | null, body: Buffer) => void): void {
  const stream = res as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  stream.on("end", () => callback(null, Buffer.concat(chunks)));
  stream.on("error", (error: Error) => callback(error, Buffer.alloc(0)));
}
