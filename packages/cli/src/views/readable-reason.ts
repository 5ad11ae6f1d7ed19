/**
 * An AI failure as one line a person reads: the SDK's "500 {json body}" becomes "500 <the body's message>", and
 * anything longer than a line is cut.
 */
export function readableReason(reason: string): string {
  const firstLine = reason.split("\n")[0]!.trim();
  const match = /^(\d{3})\s+(\{.*\})$/.exec(firstLine);
  if (match) {
    try {
      const body = JSON.parse(match[2]!) as { message?: unknown; error?: { message?: unknown } };
      const message = body.error?.message ?? body.message;
      if (typeof message === "string") return `${match[1]} ${message}`;
    } catch {
      // not JSON after all: keep the line
    }
  }
  return firstLine.length > 200 ? `${firstLine.slice(0, 197)}...` : firstLine;
}
