-- Issue 39: identity's tables read across areas through their owners' public reads
-- (src/db/schema/owners.ts). Admin owns admin_role and names its grants; role owns role and names
-- what a role grants. Plain views: each reader's statement keeps its plan.
CREATE VIEW "admin_role_grant" AS
  SELECT company_id, admin_id, role_id FROM "admin_role";
--> statement-breakpoint
CREATE VIEW "role_grant" AS
  SELECT company_id, id, name, is_owner_role, menu_codes, element_codes FROM "role";
