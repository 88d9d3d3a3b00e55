// A navigation the owner saved (header: main; footer: secondary), as a list of links: a collection's
// page or an address of the site goes through the client's router, another site's address is a
// plain link, a folder (no address) shows its title over its nested links. Three levels at most
// (domain/settings/navigation.ts MAX_NAVIGATION_DEPTH), spelled out since fragments cannot recurse.
import type { ReactNode } from "react";
import { graphql, useFragment } from "react-relay";
import type { SiteNavigation_links$data, SiteNavigation_links$key } from "../../__generated__/SiteNavigation_links.graphql";
import { Link } from "../../shared/router/Router.tsx";

type LinkData = { readonly title: string; readonly url: string | null | undefined; readonly external: boolean };
type Level3 = LinkData;
type Level2 = LinkData & { readonly links: readonly Level3[] };
type Level1 = SiteNavigation_links$data[number];

function Target({ link }: { link: LinkData }) {
  if (!link.url) return <span className="site-nav-folder">{link.title}</span>;
  if (link.external) return <a href={link.url}>{link.title}</a>;
  return <Link href={link.url}>{link.title}</Link>;
}

function Nested({ links }: { links: readonly (Level2 | Level3)[] }) {
  if (links.length === 0) return null;
  return (
    <ul>
      {links.map((link, index) => (
        <li key={index}>
          <Target link={link} />
          {"links" in link ? <Nested links={link.links} /> : null}
        </li>
      ))}
    </ul>
  );
}

export function SiteNavigation({
  links,
  label,
  className,
  children,
}: {
  links: SiteNavigation_links$key;
  label: string;
  className?: string;
  children?: ReactNode;
}) {
  const data = useFragment(
    graphql`
      fragment SiteNavigation_links on SiteLink @relay(plural: true) {
        title
        url
        external
        links {
          title
          url
          external
          links {
            title
            url
            external
          }
        }
      }
    `,
    links,
  );
  return (
    <nav aria-label={label} className={className}>
      <ul className="site-nav-list">
        {data.map((link: Level1, index) => (
          <li key={index}>
            <Target link={link} />
            <Nested links={link.links} />
          </li>
        ))}
        {children}
      </ul>
    </nav>
  );
}
