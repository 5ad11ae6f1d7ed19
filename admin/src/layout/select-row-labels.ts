/**
 * react-admin's row checkbox (Datagrid's bulk selection) puts its "Select this row" label on MUI's wrapping span, not
 * on the checkbox input: a screen reader hears an unlabelled checkbox, and axe fails the list (aria-prohibited-attr,
 * label). react-admin takes no props for it, so the label is moved onto the input as rows render.
 */
export function labelSelectRowCheckboxes(root: HTMLElement): () => void {
  const fix = () => {
    for (const span of root.querySelectorAll<HTMLElement>("span.select-item[aria-label]")) {
      const input = span.querySelector("input");
      if (!input) continue;
      input.setAttribute("aria-label", span.getAttribute("aria-label") ?? "Select this row");
      span.removeAttribute("aria-label");
    }
  };
  const observer = new MutationObserver(fix);
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-label"] });
  fix();
  return () => observer.disconnect();
}
