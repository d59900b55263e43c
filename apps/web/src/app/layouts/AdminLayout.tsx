import type { APPLICATION } from '@kestrel/contract';
import { AppShell, Box } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useDashboardState, useSideMenu } from '../../api/hooks';
import { HistoryArriving } from '../../features/demo/HistoryArriving';
import { NoAccess } from '../../features/errors/NoAccess';
import { useAppConfig } from '../config';
import { LOGIN_PATH } from '../paths';
import { useRouteHandle } from '../route-handle';
import { routeLabel } from '../route-labels';
import { useSelection } from '../session/selection';
import { applicationId, isSignedIn, role } from '../session/storage';
import { Header } from '../shell/Header';
import { siteNameFromMenu } from '../shell/menu-model';
import { PageHeader } from '../shell/PageHeader';
import { SideNav } from '../shell/SideNav';
import { breadcrumbs, crumbLabel, tabTitle } from '../shell/titles';

// Application 1004 has no menu (product §2). A literal, so the first page does not pull in zod.
const NO_MENU_APP: typeof APPLICATION.noMenu = 1004;

/** Product §10.14: right click is off in the signed-in area when the configuration says so. */
function useNoContextMenu(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const block = (e: MouseEvent) => e.preventDefault();
    document.addEventListener('contextmenu', block);
    return () => document.removeEventListener('contextmenu', block);
  }, [enabled]);
}

/** The admin shell (product §2): header, left navigation, title, breadcrumbs, routed outlet. */
export function AdminLayout() {
  const config = useAppConfig();
  const location = useLocation();
  const handle = useRouteHandle();
  const selection = useSelection();
  const signedIn = isSignedIn();
  const appId = applicationId();
  const isProfile = handle?.kind === 'profile';
  // The 'mark' is hidden on the portal home pages: no user dropdown, no navigation (product §10.6).
  const mark = handle?.kind !== 'portal';
  const showNav = signedIn && mark && !isProfile && appId !== NO_MENU_APP;
  const menu = useSideMenu(appId, showNav);
  const path = handle?.path ?? location.pathname.slice(1);
  const onDashboardRoot = /^dashboard\/common[12]?$/.test(path);
  const dashboards = useDashboardState(signedIn && onDashboardRoot);
  const small = useMediaQuery('(max-width: 62em)');
  const [mobileNav, mobile] = useDisclosure(false);
  const [desktopNav, desktop] = useDisclosure(true);
  useNoContextMenu(config.rightClickDisabled);

  const siteId = new URLSearchParams(location.search).get('site');
  const dashboardId = new URLSearchParams(location.search).get('dashboard');
  const titleInput = {
    path,
    label: handle?.label ?? '',
    search: location.search,
    site: {
      id: siteId,
      name:
        (siteId && siteNameFromMenu(menu.data ?? [], siteId)) ||
        (selection.site === siteId ? selection.siteName : null),
    },
    deviceId: selection.deviceId,
    techName: selection.techName,
    dashboardName:
      dashboards.data?.find((d) => String(d.dashboardId) === dashboardId)?.dashboardName ??
      selection.dashboardName,
  };
  const tabLabel = crumbLabel(titleInput);
  useEffect(() => {
    document.title = tabTitle(config.productName, tabLabel);
  }, [config.productName, tabLabel]);

  if (!signedIn)
    return <Navigate to={LOGIN_PATH} replace state={{ from: location.pathname + location.search }} />;
  const allowed = !handle?.roles || handle.roles.includes(role()!);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={
        showNav
          ? { width: 270, breakpoint: 'md', collapsed: { mobile: !mobileNav, desktop: !desktopNav } }
          : undefined
      }
      // Product §4 / §9: the navigation slides in and out over 400 ms, ease-in-out.
      transitionDuration={400}
      transitionTimingFunction="ease-in-out"
      padding="lg"
    >
      <AppShell.Header withBorder={false}>
        <Header
          mark={mark}
          navOpened={small ? mobileNav : desktopNav}
          onToggleNav={showNav ? (small ? mobile.toggle : desktop.toggle) : undefined}
        />
      </AppShell.Header>
      {showNav ? (
        <AppShell.Navbar withBorder={false} data-testid="navbar">
          <SideNav sections={menu.data} loading={menu.isPending} onNavigate={mobile.close} />
        </AppShell.Navbar>
      ) : null}
      <AppShell.Main bg="#f5f7f9">
        <Box maw={1400} mx="auto">
          {isProfile ? null : <PageHeader crumbs={breadcrumbs(titleInput, routeLabel)} />}
          <HistoryArriving />
          {allowed ? <Outlet /> : <NoAccess />}
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
