import { nprogress } from '@mantine/nprogress';
import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { useAppConfig } from '../config';
import { useRouteHandle } from '../route-handle';
import { IdleWatcher } from '../session/IdleWatcher';
import { tabTitle } from '../shell/titles';

/** Product §2: the progress bar starts with a navigation and ends when it ends, is cancelled or fails. */
function RouteProgress() {
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state === 'idle') nprogress.complete();
    else nprogress.start();
  }, [navigation.state]);
  return null;
}

export function RootLayout() {
  const config = useAppConfig();
  const handle = useRouteHandle();
  // Signed-in pages refine the tab title themselves (dashboard names); this covers the rest.
  useEffect(() => {
    if (handle) document.title = tabTitle(config.productName, handle.label);
  }, [handle, config.productName]);
  return (
    <>
      <RouteProgress />
      <IdleWatcher />
      <Outlet />
    </>
  );
}
