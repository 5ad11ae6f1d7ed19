import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { labelSelectRowCheckboxes } from "./layout/select-row-labels";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");
labelSelectRowCheckboxes(container);

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
