-- Row-level security (issue 21; server/db/site-scope.ts): a site's services run as the role
-- sitecart_site with their site's id in the setting sitecart.website_id, and see and write only that
-- site's rows. The platform's own work runs as the connecting role (the tables' owner or a superuser),
-- which the policies do not bind. Tables without a websiteId column are reached only through a row
-- of a site (a variant through its product, a line through its cart or order) or are the platform's
-- (job leases); they have no policy.

-- The role is the cluster's, shared by every database of it: created once, granted to whoever migrates
-- (so that a non-superuser application role may switch to it).
DO $$
BEGIN
  CREATE ROLE sitecart_site NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$;

DO $$
BEGIN
  EXECUTE format('GRANT sitecart_site TO %I', current_user);
  EXECUTE format('GRANT USAGE ON SCHEMA %I TO sitecart_site', current_schema());
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA %I TO sitecart_site', current_schema());
  EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA %I TO sitecart_site', current_schema());
  EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO sitecart_site', current_schema());
  EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT USAGE, SELECT ON SEQUENCES TO sitecart_site', current_schema());
END
$$;

-- A site's own record.
ALTER TABLE "Website" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "Website" TO sitecart_site USING ("id" = current_setting('sitecart.website_id', true));

-- Every table with a websiteId column.
ALTER TABLE "SiteDomain" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "SiteDomain" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "Collection" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "Collection" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "Product" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "Product" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "Form" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "Form" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "ShippingZone" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "ShippingZone" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "ShippingOption" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "ShippingOption" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "TaxRule" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "TaxRule" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "Coupon" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "Coupon" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "Cart" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "Cart" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "Order" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "Order" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "Account" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "Account" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "FormSubmissionKey" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "FormSubmissionKey" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "FormSubmission" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "FormSubmission" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "MailingList" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "MailingList" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "RestockSignUp" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "RestockSignUp" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "OutboxEmail" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "OutboxEmail" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "SiteHeaderFooter" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "SiteHeaderFooter" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "SiteLanguage" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "SiteLanguage" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "PagePassword" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "PagePassword" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "Navigation" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "Navigation" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "CommercePreference" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "CommercePreference" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "Template" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "Template" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "ProductImage" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "ProductImage" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "ApiKey" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "ApiKey" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "MarketingSettings" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "MarketingSettings" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "ContributorInvitation" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "ContributorInvitation" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "GiftCard" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "GiftCard" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "Subscription" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "Subscription" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "AnalyticsEvent" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "AnalyticsEvent" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "AnalyticsDay" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "AnalyticsDay" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "AnalyticsProductDay" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "AnalyticsProductDay" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "AnalyticsFormDay" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "AnalyticsFormDay" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "AnalyticsVisitorDay" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "AnalyticsVisitorDay" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
ALTER TABLE "AnalyticsSettings" ENABLE ROW LEVEL SECURITY;
CREATE POLICY site_rows ON "AnalyticsSettings" TO sitecart_site USING ("websiteId" = current_setting('sitecart.website_id', true));
