// /config/site/templates: every template of the site (the layout, the page templates, partials), which
// version pages render, and a link to edit each.
import { graphql, usePreloadedQuery } from "react-relay";
import { adminMessages } from "../../../server/domain/messages/admin.ts";
import type { TemplatesScreenQuery as Query } from "../../__generated__/TemplatesScreenQuery.graphql.ts";
import { Link, type ScreenProps } from "../../shared/router/Router.tsx";
import { formatDateTime } from "../../shared/format/date-time.ts";
import "../../shared/ui/admin-forms.css";

const text = adminMessages.site;

export default function TemplatesScreen({ queryRef }: ScreenProps<Query>) {
  const data = usePreloadedQuery<Query>(
    graphql`
      query TemplatesScreenQuery {
        templates {
          name
          currentVersion
          usesDefault
          hasDefault
          updatedAt
        }
      }
    `,
    queryRef,
  );
  return (
    <section className="admin-page">
      <h1>{text.templatesHeading}</h1>
      <p>{text.templatesIntro}</p>
      {data.templates.length === 0 ? (
        <p className="empty-state">{text.templatesEmpty}</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{text.templateName}</th>
              <th scope="col">{text.templateState}</th>
              <th scope="col">{text.templateUpdated}</th>
            </tr>
          </thead>
          <tbody>
            {data.templates.map((template) => (
              <tr key={template.name}>
                <td data-label={text.templateName}>
                  <Link href={`/config/site/templates/${encodeURIComponent(template.name)}`}>{template.name}</Link>
                </td>
                <td data-label={text.templateState}>
                  {template.currentVersion != null ? (
                    <span className="badge ok">{text.templateVersion(template.currentVersion)}</span>
                  ) : template.hasDefault ? (
                    <span className="badge">{text.templateDefault}</span>
                  ) : (
                    <span className="badge">{text.templateOwn}</span>
                  )}
                </td>
                <td data-label={text.templateUpdated}>{template.updatedAt ? formatDateTime(template.updatedAt) : text.templateNeverChanged}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
