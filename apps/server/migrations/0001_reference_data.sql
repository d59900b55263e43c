-- Reference data every installation needs: the four applications (the product's applicationId values) and the
-- product-wide defaults of widget settings (tube life thresholds, docs/product.md §9).
INSERT INTO "applications" ("id", "name", "description", "home") VALUES
  (1001, 'Client portal', 'Dashboards and equipment of your own sites', '/client-portal'),
  (1002, 'Provider portal', 'Customers, sites, users and releases across the fleet', '/{provider}-portal'),
  (1003, 'Service portal', 'Device connection, tube life and failed files across the fleet', '/service-dashboard'),
  (1004, 'Reports', 'Dashboards without the navigation menu', '/hc-dashboards');
--> statement-breakpoint
INSERT INTO "settings" ("customer_id", "key", "value") VALUES
  (NULL, 'tubeLifeYellow', '61'),
  (NULL, 'tubeLifeRed', '31');
