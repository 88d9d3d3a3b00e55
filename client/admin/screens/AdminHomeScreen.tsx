// The admin's home: the areas the signed-in role may open. (Issue 9's dashboard cards build on it.)
import { adminMessages } from "../../../server/domain/admin-messages.ts";
import { Link } from "../../router/Router.tsx";
import { useAdminViewer } from "../viewer.ts";

export default function AdminHomeScreen() {
  const viewer = useAdminViewer();
  const areas = viewer.navigation.filter((item) => item.href !== "/config");
  return (
    <section className="admin-page">
      <h1>{adminMessages.welcome}</h1>
      <p>{adminMessages.homeIntro}</p>
      <ul className="cards">
        {areas.map((item) => (
          <li key={item.href} className="card">
            <Link href={item.href}>{item.label}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
