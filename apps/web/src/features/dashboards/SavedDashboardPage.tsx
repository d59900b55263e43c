import { ComingWith } from '../../ui/ComingWith';

/** dashboard/common (and common1/common2): one of the user's saved dashboards. */
export default function SavedDashboardPage() {
  return (
    <ComingWith
      purpose="Your saved dashboard will show its widgets here, for the date range and sites you choose."
      comingWith="the analytics release"
      links={[{ label: 'Open the widget catalogue', to: '/widget' }]}
    />
  );
}
