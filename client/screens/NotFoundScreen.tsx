import { Link } from "../router/Router.tsx";

export function NotFound() {
  return (
    <section className="not-found">
      <h1>Page not found</h1>
      <p>
        The page you are looking for does not exist. <Link href="/">Back to the shop</Link>
      </p>
    </section>
  );
}

export default NotFound;
