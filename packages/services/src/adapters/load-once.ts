/**
 * `load` run on the first call only; later calls share its promise. A failed load is forgotten, so the next call
 * tries again.
 *
 * For modules used by calls made long after the start (nodemailer at the first delivery, file-type at the first
 * upload): importing them at start was part of its time to /readyz (issue 13).
 * @param load the import, or what is built from it
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
