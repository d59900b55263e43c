import { useRouteHandle } from '../../app/route-handle';
import { ComingWith } from '../../ui/ComingWith';
import { PLACEHOLDERS } from './catalogue';

/** A signed-in route whose content belongs to later work: heading, breadcrumbs, honest empty state. */
export default function PlaceholderPage() {
  const handle = useRouteHandle();
  const p = (handle && PLACEHOLDERS[handle.path]) ?? {
    purpose: `${handle?.label ?? 'This page'}.`,
    comingWith: 'a later release',
  };
  return <ComingWith purpose={p.purpose} comingWith={p.comingWith} links={p.links} />;
}
