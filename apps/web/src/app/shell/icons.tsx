import {
  IconAddressBook,
  IconBuildingCommunity,
  IconBuildingHospital,
  IconBulb,
  IconChartBar,
  IconCirclePlus,
  IconDeviceDesktopAnalytics,
  IconExternalLink,
  IconFileText,
  IconGitCompare,
  IconHome,
  IconInfoCircle,
  IconLayoutDashboard,
  IconLayoutGrid,
  IconMail,
  IconMapPin,
  IconPoint,
  IconPresentationAnalytics,
  IconReportAnalytics,
  IconReportMoney,
  IconRocket,
  IconTable,
  IconTags,
  IconTemplate,
  IconTool,
  IconUsers,
} from '@tabler/icons-react';

/** The server names icons (build.ts); the client maps each name to one drawing. */
const ICONS = {
  home: IconHome,
  fleet: IconDeviceDesktopAnalytics,
  dashboard: IconLayoutDashboard,
  device: IconDeviceDesktopAnalytics,
  mail: IconMail,
  site: IconMapPin,
  customer: IconBuildingCommunity,
  users: IconUsers,
  chart: IconChartBar,
  onboarding: IconRocket,
  table: IconTable,
  compare: IconGitCompare,
  widget: IconLayoutGrid,
  alias: IconTags,
  sales: IconReportMoney,
  add: IconCirclePlus,
  template: IconTemplate,
  service: IconTool,
  tube: IconBulb,
  contact: IconAddressBook,
  release: IconFileText,
  info: IconInfoCircle,
  external: IconExternalLink,
  analytics: IconPresentationAnalytics,
  hospital: IconBuildingHospital,
  report: IconReportAnalytics,
} as const;

/** An item's own image (product §2) wins over its named icon; decorative, the name is beside it. */
export function MenuIcon({ name, image }: { name?: string; image?: string }) {
  if (image) return <img src={image} alt="" width={18} height={18} style={{ objectFit: 'contain' }} />;
  const Icon = (name && ICONS[name as keyof typeof ICONS]) || IconPoint;
  return <Icon size={18} stroke={1.6} aria-hidden />;
}
