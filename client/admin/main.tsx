// The owner's admin (/config): mounts into the #admin element of the admin document. A separate
// entry from the storefront's, so shoppers never download it.
import { createRoot } from "react-dom/client";
import { AdminApp } from "./AdminApp.tsx";
import "./admin.css";

const mount = document.getElementById("admin") ?? document.body.appendChild(document.createElement("div"));
createRoot(mount).render(<AdminApp />);
