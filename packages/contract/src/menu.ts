import { z } from 'zod';
import { intText } from './bounds';

/** Product §3 Badge: a colour class and a text. */
export const badgeSchema = z.object({ type: z.string(), value: z.string() });

export type MenuItem = {
  name: string;
  type: 'external' | 'link' | 'sub';
  state: string;
  main_state?: string;
  external?: string;
  target?: boolean;
  icon?: string;
  image?: string;
  badge?: z.infer<typeof badgeSchema>[];
  location_id?: number;
  /** Site-level children carry their site's name as well (product §5). */
  parentName?: string;
  children?: MenuItem[];
};

export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    name: z.string(),
    type: z.enum(['external', 'link', 'sub']),
    state: z.string(),
    main_state: z.string().optional(),
    external: z.string().optional(),
    target: z.boolean().optional(),
    icon: z.string().optional(),
    image: z.string().optional(),
    badge: z.array(badgeSchema).optional(),
    location_id: z.number().int().optional(),
    parentName: z.string().optional(),
    children: z.array(menuItemSchema).optional(),
  }),
);

export const menuSectionSchema = z.object({ label: z.string(), main: z.array(menuItemSchema) });
export type MenuSection = z.infer<typeof menuSectionSchema>;

/** Application 1001 answers with an object whose `menu` holds the list (product §7). */
export const sideMenuResult = z.union([
  z.array(menuSectionSchema),
  z.object({ menu: z.array(menuSectionSchema) }),
]);

export const sideMenuQuery = z.object({
  applicationId: intText(1, 9999).refine((n) => [1001, 1002, 1003, 1004].includes(n), {
    message: 'applicationId must be one of 1001, 1002, 1003, 1004',
  }),
});

/** Product §3 Dashboard menu item. */
export const dashboardStateItem = z.object({
  dashboardId: z.number().int(),
  dashboardName: z.string(),
  dashboardState: z.string(),
  delete: z.boolean(),
  edit: z.boolean(),
});
export type DashboardStateItem = z.infer<typeof dashboardStateItem>;

/** `GET /api/route`: where the caller may go, logged by the client (product §7). */
export const routeInfo = z.object({ home: z.string(), routes: z.array(z.string()) });
export type RouteInfo = z.infer<typeof routeInfo>;
